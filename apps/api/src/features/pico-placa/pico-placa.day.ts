import { evaluatePicoPlacaDay, normalizePlate } from '@togo/domain/pico-placa/pico-placa.engine';
import type { PicoPlacaDayResult } from '@togo/domain/pico-placa/pico-placa.engine';
import { picoPlacaVehicleType } from '@togo/domain/pico-placa/pico-placa.message';
import { PicoPlacaCitySchema, type PicoPlacaCity } from '@togo/domain/pico-placa/pico-placa.rules';

/** The stored city JSON (pico_placa_cities.data, editable by the operator) as rules; invalid or none → none. */
export function cityRulesOf(stored: unknown): PicoPlacaCity[] {
  if (stored === undefined) return [];
  const parsed = PicoPlacaCitySchema.safeParse(stored);
  return parsed.success ? [parsed.data] : [];
}

/**
 * Pico y placa of a plate registered and driven in the municipality `daneCode` on `date`, by the domain engine
 * with the rules read from the database (holidays: the one holiday source). Shared by GET /api/togo/pico-placa/ and the evening-before
 * notice, so both always agree.
 */
export function evaluateVehicleDay(input: {
  placa: string;
  daneCode: string;
  date: string;
  cities: readonly PicoPlacaCity[];
}): PicoPlacaDayResult {
  const plate = normalizePlate(input.placa);
  return evaluatePicoPlacaDay(
    {
      plate,
      vehicleType: picoPlacaVehicleType(plate),
      municipalityCode: input.daneCode,
      registrationMunicipalityCode: input.daneCode,
      date: input.date,
    },
    { cities: input.cities },
  );
}
