import { seriesOf, type OdometerReading } from './odometer.ts';

/** What a vehicle cost in a period and per kilometre (issue 39, decision 075). Pure. */

export const COST_CATEGORIES = ['mantenimiento', 'combustible', 'servicios', 'multas'] as const;
export type CostCategory = (typeof COST_CATEGORIES)[number];

export const COST_CATEGORY_LABEL: Record<CostCategory, string> = {
  mantenimiento: 'Mantenimiento',
  combustible: 'Combustible',
  servicios: 'Servicios TOGO',
  multas: 'Multas pagadas',
};

/**
 * Kilometres driven from `desde` to `hasta` (inclusive) according to the readings: per odometer series, the highest
 * reading of the period minus the last reading before it (or, with none before, the period's lowest). Readings of
 * other series never mix (a replaced odometer starts from zero).
 */
export function kmDriven(readings: readonly OdometerReading[], desde: string, hasta: string): number {
  const inPeriod = readings.filter((r) => r.fecha >= desde && r.fecha <= hasta);
  const seen = new Set<string>();
  let total = 0;
  for (const r of inPeriod) {
    const series = seriesOf(readings, r.fecha);
    // A series is identified by its first date: each is counted once.
    const key = series.reduce((min, s) => (s.fecha < min ? s.fecha : min), r.fecha);
    if (seen.has(key)) continue;
    seen.add(key);
    const during = series.filter((s) => s.fecha >= desde && s.fecha <= hasta).map((s) => s.kilometraje);
    const before = series.filter((s) => s.fecha < desde).map((s) => s.kilometraje);
    const top = Math.max(...during);
    const base = before.length > 0 ? Math.max(...before) : Math.min(...during);
    total += Math.max(0, top - base);
  }
  return total;
}

/** Pesos per kilometre without decimals; null when no kilometres were driven (or none are known). */
export function costPerKm(total: number, km: number): number | null {
  return km > 0 ? Math.round(total / km) : null;
}

/** 'YYYY-MM' of a 'YYYY-MM-DD' date. */
export const monthOf = (date: string): string => date.slice(0, 7);

/** The `count` months ending with `last` ('YYYY-MM'), oldest first. */
export function monthsEnding(last: string, count = 12): string[] {
  const [y, m] = last.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const index = y * 12 + (m - 1) - i;
    const year = Math.floor(index / 12);
    out.push(`${String(year).padStart(4, '0')}-${String(index - year * 12 + 1).padStart(2, '0')}`);
  }
  return out;
}

/** First and last day of a 'YYYY-MM' month. */
export function monthBounds(month: string): { desde: string; hasta: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { desde: `${month}-01`, hasta: `${month}-${String(last).padStart(2, '0')}` };
}
