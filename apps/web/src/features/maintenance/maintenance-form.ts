import { isIsoDate } from '@togo/domain/garage/garage-dates';
import {
  INVOICE_MAX_BYTES,
  MAINTENANCE_LIMITS as L,
  MAINTENANCE_MSG as MSG,
} from '@togo/domain/maintenance/maintenance.catalogue';

/**
 * What the maintenance forms check before sending (issue 39), with the API's own Spanish messages: the driver sees
 * the problem at the field, and the API still decides (its 400s land on the same fields).
 */

export type FieldErrors = Record<string, string>;

/** A whole number typed with or without thousands dots/spaces ('45.000', '45 000', '45000'); NaN when not one. */
export function parseWhole(text: string): number {
  const clean = text.trim().replace(/[.\s]/g, '');
  return /^\d+$/.test(clean) ? Number(clean) : Number.NaN;
}

/** Gallons with a decimal comma or point ('10,5', '10.5'); NaN when not a number. */
export function parseGallons(text: string): number {
  const clean = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(clean) ? Number(clean) : Number.NaN;
}

/** Checks a whole number field; the error, or null. */
function wholeError(text: string, max: number, required: boolean): string | null {
  if (!text.trim()) return required ? MSG.required : null;
  if (/^\s*-/.test(text)) return MSG.negative;
  const n = parseWhole(text);
  if (Number.isNaN(n)) return MSG.number;
  if (n > max) return `No puede superar ${max.toLocaleString('es-CO')}.`;
  return null;
}

function dateError(text: string, today: string, required: boolean): string | null {
  if (!text) return required ? MSG.required : null;
  if (!isIsoDate(text)) return MSG.date;
  if (text < L.minDate) return MSG.tooOld;
  if (text > today) return MSG.future;
  return null;
}

function collect(entries: [string, string | null][]): FieldErrors {
  return Object.fromEntries(entries.filter((e): e is [string, string] => e[1] !== null));
}

export interface RecordInput {
  fecha: string;
  kilometraje: string;
  tipo: string;
  costo: string;
  taller: string;
  descripcion: string;
  invoice: File | null;
}

export function recordErrors(input: RecordInput, today: string): FieldErrors {
  return collect([
    ['fecha', dateError(input.fecha, today, true)],
    ['kilometraje', wholeError(input.kilometraje, L.maxKm, true)],
    ['tipo', input.tipo ? null : 'Elige el tipo de mantenimiento.'],
    ['costo', wholeError(input.costo, L.maxCost, true)],
    ['taller', input.taller.trim().length > L.taller ? MSG.textTooLong(L.taller) : null],
    ['descripcion', input.descripcion.trim().length > L.descripcion ? MSG.textTooLong(L.descripcion) : null],
    ['factura', invoiceError(input.invoice)],
  ]);
}

/** The invoice photo or PDF: its type by name/MIME (the API checks the bytes) and its size. */
export function invoiceError(file: File | null): string | null {
  if (!file) return null;
  const typeOk =
    ['image/jpeg', 'image/png', 'application/pdf'].includes(file.type) ||
    /\.(jpe?g|png|pdf)$/i.test(file.name);
  if (!typeOk) return MSG.invoiceType;
  if (file.size > INVOICE_MAX_BYTES) return MSG.invoiceTooLarge;
  return null;
}

export interface FuelInput {
  fecha: string;
  kilometraje: string;
  galones: string;
  costo: string;
  tanqueLleno: boolean;
}

export function fuelErrors(input: FuelInput, today: string): FieldErrors {
  const g = parseGallons(input.galones);
  let galones: string | null = null;
  if (!input.galones.trim()) galones = MSG.required;
  else if (/^\s*-/.test(input.galones)) galones = MSG.negative;
  else if (Number.isNaN(g)) galones = MSG.number;
  else if (g <= 0) galones = MSG.gallonsPositive;
  else if (g > L.maxGallons) galones = MSG.gallonsMax;
  else if (!/^\d+([.,]\d{1,3})?$/.test(input.galones.trim())) galones = MSG.gallonsDecimals;
  return collect([
    ['fecha', dateError(input.fecha, today, true)],
    ['kilometraje', wholeError(input.kilometraje, L.maxKm, true)],
    ['galones', galones],
    ['costo', wholeError(input.costo, L.maxCost, true)],
  ]);
}

export interface ReminderInput {
  tipo: string;
  cadaKm: string;
  cadaMeses: string;
  ultimoKm: string;
  ultimaFecha: string;
}

export function reminderErrors(input: ReminderInput, today: string): FieldErrors {
  const every = (text: string, max: number, min: string) => {
    const error = wholeError(text, max, false);
    if (error) return error;
    return text.trim() && parseWhole(text) < 1 ? min : null;
  };
  const none = !input.cadaKm.trim() && !input.cadaMeses.trim();
  return collect([
    ['tipo', input.tipo ? null : 'Elige el tipo de mantenimiento.'],
    ['cada_km', none ? MSG.everyRequired : every(input.cadaKm, L.maxEveryKm, MSG.everyKmMin)],
    ['cada_meses', every(input.cadaMeses, L.maxEveryMonths, MSG.everyMonthsMin)],
    ['ultimo_km', wholeError(input.ultimoKm, L.maxKm, false)],
    ['ultima_fecha', dateError(input.ultimaFecha, today, false)],
  ]);
}

/** A blank optional number is left out (null); else the parsed whole number. */
export const optionalWhole = (text: string): number | null => (text.trim() ? parseWhole(text) : null);

/** The first message of each field of an API 400 body (`{campo: ["…"]}`), for the fields a form shows. */
export function apiFieldErrors(body: unknown, fields: readonly string[]): FieldErrors {
  if (!body || typeof body !== 'object') return {};
  const out: FieldErrors = {};
  for (const field of fields) {
    const value = (body as Record<string, unknown>)[field];
    const first = Array.isArray(value) ? value.find((v) => typeof v === 'string') : value;
    if (typeof first === 'string') out[field] = first;
  }
  return out;
}
