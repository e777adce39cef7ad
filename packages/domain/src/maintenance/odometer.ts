/**
 * The odometer rule (issue 39, decision 075). Pure.
 *
 * Every maintenance and fuel record carries an odometer reading. A reading lower than one taken on an earlier date
 * (or higher than one taken on a later date) is refused unless it is sent as a correction. A correction (a wrong
 * earlier reading, a replaced odometer) starts a new series from its date: readings before it no longer bind the
 * ones after it. Readings of the same day may come in any order (a fill-up and an oil change on one day).
 */

export interface OdometerReading {
  /** 'YYYY-MM-DD' */
  fecha: string;
  kilometraje: number;
  correccion?: boolean;
}

export interface OdometerConflict {
  /** 'lower': below an earlier reading; 'higher': above a later one. */
  kind: 'lower' | 'higher';
  /** The reading it contradicts: the highest earlier one, or the lowest later one. */
  reading: OdometerReading;
}

/** The readings of the series `fecha` belongs to: from the last correction on or before it to the next one. */
export function seriesOf(history: readonly OdometerReading[], fecha: string): OdometerReading[] {
  let start: string | null = null;
  let end: string | null = null;
  for (const r of history) {
    if (!r.correccion) continue;
    if (r.fecha <= fecha && (start === null || r.fecha > start)) start = r.fecha;
    if (r.fecha > fecha && (end === null || r.fecha < end)) end = r.fecha;
  }
  return history.filter((r) => (start === null || r.fecha >= start) && (end === null || r.fecha < end));
}

/** The reading `next` contradicts, or null when it fits (a correction always fits). */
export function odometerConflict(
  history: readonly OdometerReading[],
  next: OdometerReading,
): OdometerConflict | null {
  if (next.correccion) return null;
  let lower: OdometerReading | null = null;
  let higher: OdometerReading | null = null;
  for (const r of seriesOf(history, next.fecha)) {
    if (r.fecha < next.fecha && r.kilometraje > next.kilometraje) {
      if (!lower || r.kilometraje > lower.kilometraje) lower = r;
    } else if (r.fecha > next.fecha && r.kilometraje < next.kilometraje) {
      if (!higher || r.kilometraje < higher.kilometraje) higher = r;
    }
  }
  if (lower) return { kind: 'lower', reading: lower };
  if (higher) return { kind: 'higher', reading: higher };
  return null;
}

/**
 * The vehicle's mileage after a new reading: a correction dated on or after every other reading replaces it
 * (even downwards: a new odometer); any other reading only raises it, so a service typed in late for an old date
 * never lowers the mileage. A reading of a series a later correction closed changes nothing.
 */
export function mileageAfter(
  current: number,
  history: readonly OdometerReading[],
  next: OdometerReading,
): number {
  if (next.correccion) {
    return history.every((r) => r.fecha <= next.fecha) ? next.kilometraje : current;
  }
  if (history.some((r) => r.correccion && r.fecha > next.fecha)) return current;
  return Math.max(current, next.kilometraje);
}
