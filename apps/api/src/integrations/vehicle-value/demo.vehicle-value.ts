import type { VehicleValue } from '@togo/domain/garage/registry.contract';
import { bogotaDate } from '@togo/domain/garage/garage-dates';
import type { Clock } from '../../lib/clock.ts';
import { SeededRandom } from '../registry/seeded-random.ts';
import type { ValueQuery, VehicleValueProvider } from './vehicle-value-provider.ts';

/** Illustrative new prices in USD by brand tier (demo only; not market data). */
const PREMIUM = ['BMW', 'AUDI', 'MERCEDES-BENZ', 'VOLVO', 'SUBARU'];
const BUDGET = ['RENAULT', 'SUZUKI', 'CHERY', 'JAC', 'DFSK', 'CHANGAN', 'FIAT'];

function newPriceUsd(q: ValueQuery): number {
  if (q.clase === 'MOTOCICLETA') return Math.max(1_200, q.cilindraje * 14);
  let base = PREMIUM.includes(q.marca) ? 52_000 : BUDGET.includes(q.marca) ? 19_000 : 26_000;
  if (q.clase === 'CAMIONETA' || q.clase === 'CAMPERO') base *= 1.35;
  if (q.clase === 'CAMION' || q.clase === 'MICROBUS') base *= 1.6;
  if (q.combustible === 'ELECTRICO' || q.combustible === 'GASO ELEC') base *= 1.2;
  // Engines above 2,000 cc are a higher trim.
  if (q.cilindraje > 2000) base *= 1 + Math.min(1, (q.cilindraje - 2000) / 2000) * 0.5;
  return base;
}

/**
 * Demo valuation: an illustrative new price by brand tier, class, fuel and engine, depreciated 15 % the
 * first year and 10 % each following year (floor 15 % of new), with a ±5 % variation seeded by the plate.
 */
export class DemoVehicleValueProvider implements VehicleValueProvider {
  readonly name = 'demo';

  constructor(private readonly clock: Clock) {}

  async valueOf(q: ValueQuery): Promise<VehicleValue> {
    const year = Number(bogotaDate(this.clock.now()).slice(0, 4));
    const age = Math.max(0, year - q.modelo);
    const factor = age === 0 ? 1 : Math.max(0.15, 0.85 * 0.9 ** (age - 1));
    const jitter = 0.95 + new SeededRandom('value', q.placa).next() * 0.1;
    return { valor_vehiculo: Math.round((newPriceUsd(q) * factor * jitter) / 10) * 10 };
  }
}
