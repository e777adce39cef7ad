import { bogotaToday } from '@togo/domain/bogota-time';
import type { VehicleValue } from '@togo/domain/garage/registry.contract';
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

/** Pesos per dollar of the demo's own peso figure (illustrative, like the prices; decision 074). */
export const DEMO_COP_PER_USD = 4_000;

/**
 * Demo valuation: an illustrative new price by brand tier, class, fuel and engine, depreciated 15 % the
 * first year and 10 % each following year (floor 15 % of new), with a ±5 % variation seeded by the plate. It also
 * answers the value in pesos (rounded to the hundred thousand) and names itself as the source, so `npm start`
 * shows "$ 45.000.000" labelled as demo data.
 */
export class DemoVehicleValueProvider implements VehicleValueProvider {
  readonly name = 'demo';

  constructor(private readonly clock: Clock) {}

  async valueOf(q: ValueQuery): Promise<VehicleValue> {
    const year = Number(bogotaToday(this.clock.now()).slice(0, 4));
    const age = Math.max(0, year - q.modelo);
    const factor = age === 0 ? 1 : Math.max(0.15, 0.85 * 0.9 ** (age - 1));
    const jitter = 0.95 + new SeededRandom('value', q.placa).next() * 0.1;
    const usd = Math.round((newPriceUsd(q) * factor * jitter) / 10) * 10;
    return {
      valor_vehiculo: usd,
      valor_cop: Math.round((usd * DEMO_COP_PER_USD) / 100_000) * 100_000,
      fuente: 'Valor de demostración',
    };
  }
}
