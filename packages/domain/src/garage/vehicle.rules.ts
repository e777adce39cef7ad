import { addYears } from './garage-dates.ts';

/**
 * Rules about a vehicle's documents, from `../shared/data/vehicle-facts.md` (compiled 2026-11-22):
 * §1 RTM schedule, §3 licence categories and validity. Pure functions over 'YYYY-MM-DD' dates.
 */

/** RUNT vehicle classes driven like motorcycles (RTM from year 2). */
export const MOTORCYCLE_CLASSES = [
  'MOTOCICLETA',
  'MOTOCARRO',
  'MOTOTRICICLO',
  'CUATRIMOTO',
  'CICLOMOTOR',
  'TRICIMOTO',
];
const HEAVY_CLASSES = ['BUSETA', 'BUS', 'CAMION', 'VOLQUETA'];
const ARTICULATED_CLASSES = ['TRACTOCAMION'];

/** Private vehicles registered up to this day kept the old 6-year first RTM (Circular 20234000000637). */
const SIX_YEAR_RULE_LAST_REGISTRATION = '2018-05-19';

export function isMotorcycleClass(vehicleClass: string): boolean {
  return MOTORCYCLE_CLASSES.includes(vehicleClass);
}

/** Public-service plates (público and servicio especial) follow the public rules. */
export function isPublicService(service: string): boolean {
  return service === 'PUBLICO' || service === 'ESPECIAL';
}

/**
 * Date of the first RTM (revisión técnico-mecánica): 2nd anniversary of registration for motorcycles and
 * public-service vehicles; 5th for private vehicles (6th when registered up to 19 May 2018). Yearly after.
 */
export function firstRtmDueDate(registrationDate: string, vehicleClass: string, service: string): string {
  if (isMotorcycleClass(vehicleClass) || isPublicService(service)) return addYears(registrationDate, 2);
  return addYears(registrationDate, registrationDate <= SIX_YEAR_RULE_LAST_REGISTRATION ? 6 : 5);
}

/** True when the vehicle is old enough on `today` to need an RTM certificate. */
export function needsRtm(
  registrationDate: string,
  vehicleClass: string,
  service: string,
  today: string,
): boolean {
  return today >= firstRtmDueDate(registrationDate, vehicleClass, service);
}

export const LICENCE_CATEGORIES = ['A1', 'A2', 'B1', 'B2', 'B3', 'C1', 'C2', 'C3'] as const;
export type LicenceCategory = (typeof LICENCE_CATEGORIES)[number];

/** The licence category needed to drive a vehicle (Resolución 1500 de 2005); null for trailers. */
export function licenceCategoryFor(
  vehicleClass: string,
  service: string,
  cylinderCapacity: number,
): LicenceCategory | null {
  const pub = isPublicService(service);
  if (vehicleClass === 'MOTOCICLETA' || vehicleClass === 'CICLOMOTOR') {
    return cylinderCapacity > 125 ? 'A2' : 'A1';
  }
  if (vehicleClass === 'MOTOTRICICLO' || vehicleClass === 'TRICIMOTO') return 'A2';
  if (vehicleClass === 'REMOLQUE' || vehicleClass === 'SEMIRREMOLQUE') return null;
  if (HEAVY_CLASSES.includes(vehicleClass)) return pub ? 'C2' : 'B2';
  if (ARTICULATED_CLASSES.includes(vehicleClass)) return pub ? 'C3' : 'B3';
  return pub ? 'C1' : 'B1';
}

export function isPublicCategory(category: string): boolean {
  return category.startsWith('C');
}

/**
 * Validity in years of a licence category issued to someone of `age` (art. 22 Ley 769 de 2002 as
 * modified by Decreto-Ley 019 de 2012): private 10 / 5 (60-80) / 1 (over 80); public 3 / 1 (60+).
 */
export function licenceValidityYears(category: string, age: number): number {
  if (isPublicCategory(category)) return age < 60 ? 3 : 1;
  if (age < 60) return 10;
  if (age <= 80) return 5;
  return 1;
}

/** The licence's due date for alerts: the earliest expiry among its categories (null when none). */
export function licenceDueDate(details: readonly { fechaVencimiento: string | null }[]): string | null {
  let min: string | null = null;
  for (const d of details)
    if (d.fechaVencimiento && (min === null || d.fechaVencimiento < min)) min = d.fechaVencimiento;
  return min;
}

/** SOAT: valid one year from its start date (art. 42 Ley 769 de 2002). */
export function soatExpiry(startDate: string): string {
  return addYears(startDate, 1);
}
