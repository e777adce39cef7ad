/**
 * Fuel economy between full tanks (issue 39, decision 075). Pure.
 *
 * A fill-up that fills the tank closes a measurement: the kilometres driven since the previous full tank divided by
 * every gallon put in since then (the partial fill-ups in between and this one). Only a full tank that follows
 * another full tank has a figure; a partial fill-up, the first full tank and a full tank after an odometer
 * correction have none (null).
 */

export interface FuelFill {
  id: number;
  /** 'YYYY-MM-DD' */
  fecha: string;
  kilometraje: number;
  galones: number;
  tanque_lleno: boolean;
  /** A reading sent as a correction starts a new odometer series: nothing is measured across it. */
  correccion?: boolean;
}

/** One measured stretch: from the previous full tank to the full tank `id`. */
export interface FuelStretch {
  id: number;
  km: number;
  gallons: number;
}

/** Records in the order they happened: by date, then odometer, then id (the order they were recorded). */
export function chronological<T extends { id: number; fecha: string; kilometraje: number }>(
  list: readonly T[],
): T[] {
  return [...list].sort(
    (a, b) =>
      (a.fecha < b.fecha ? -1 : a.fecha > b.fecha ? 1 : 0) || a.kilometraje - b.kilometraje || a.id - b.id,
  );
}

/** Kilometres per gallon with two decimals. */
export function roundEconomy(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Every stretch between two full tanks with kilometres driven and gallons filled. */
export function fuelStretches(fills: readonly FuelFill[]): FuelStretch[] {
  const out: FuelStretch[] = [];
  let lastFullKm: number | null = null;
  let gallonsSince = 0;
  for (const fill of chronological(fills)) {
    if (fill.correccion) {
      lastFullKm = null;
      gallonsSince = 0;
    }
    gallonsSince += fill.galones;
    if (!fill.tanque_lleno) continue;
    if (lastFullKm !== null && fill.kilometraje > lastFullKm && gallonsSince > 0) {
      out.push({ id: fill.id, km: fill.kilometraje - lastFullKm, gallons: gallonsSince });
    }
    lastFullKm = fill.kilometraje;
    gallonsSince = 0;
  }
  return out;
}

/** Each fill-up's `rendimiento_km_gal` (km/gal, two decimals) or null, by id. */
export function fuelEconomy(fills: readonly FuelFill[]): Map<number, number | null> {
  const out = new Map<number, number | null>(fills.map((f) => [f.id, null]));
  for (const s of fuelStretches(fills)) out.set(s.id, roundEconomy(s.km / s.gallons));
  return out;
}

/**
 * The average over every measured stretch: their kilometres ÷ their gallons (not the mean of the figures, which
 * would weigh a short stretch like a long one). null when nothing was measured.
 */
export function averageEconomy(fills: readonly FuelFill[]): number | null {
  const stretches = fuelStretches(fills);
  const gallons = stretches.reduce((sum, s) => sum + s.gallons, 0);
  const km = stretches.reduce((sum, s) => sum + s.km, 0);
  return gallons > 0 ? roundEconomy(km / gallons) : null;
}
