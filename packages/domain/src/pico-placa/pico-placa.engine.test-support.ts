import { evaluatePicoPlaca, type PicoPlacaData } from './pico-placa.engine.ts';
import type { PicoPlacaCity, PicoPlacaRule, PicoPlacaVehicleType } from './pico-placa.rules.ts';
import { loadPicoPlacaData } from './pico-placa.test-data.ts';

/** The engine tests' look-ups on the reference data (pico-placa.engine*.test.ts). */
export const { file, data } = loadPicoPlacaData();

export function city(key: string): PicoPlacaCity {
  const found = data.cities.find((c) => c.key === key);
  if (!found) throw new Error(`city ${key} missing from the data`);
  return found;
}

export function rule(cityKey: string, id: string): PicoPlacaRule {
  const found = city(cityKey).rules.find((r) => r.id === id);
  if (!found) throw new Error(`rule ${id} missing from the data`);
  return found;
}

/** Data where one informational rule is evaluated by default (to exercise its scheme). */
export function withDefaultRule(cityKey: string, ruleId: string): PicoPlacaData {
  return {
    cities: data.cities.map((c) =>
      c.key !== cityKey
        ? c
        : { ...c, rules: c.rules.map((r) => (r.id === ruleId ? { ...r, evaluate_by_default: true } : r)) },
    ),
  };
}

export function at(
  cityKey: string,
  plate: string,
  localDateTime: string,
  vehicleType: PicoPlacaVehicleType = 'particular',
  source: PicoPlacaData = data,
) {
  return evaluatePicoPlaca({ plate, vehicleType, cityKey, localDateTime }, source);
}
