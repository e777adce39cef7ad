import { formatDateDmy, formatLongSpanishDate, isIsoDate } from '@togo/domain/alerts/alerts.dates';

/** Shown for a date or field the user or the registry has not given (AHGA §9). */
export const SIN_REGISTRAR = 'Sin registrar';
/** Shown for a missing field of a fine (AHGA §9 'No especificado' is also defined). */
export const NO_ESPECIFICADO = 'No especificado';

/** Placeholder and visible format of the date modal's inputs. */
export const DISPLAY_DATE_PLACEHOLDER = 'dd/mm/aaaa';

/**
 * Typing mask of the date modal: keeps up to 8 digits and writes them as dd/MM/yyyy, adding each slash
 * only once a digit follows it (so Backspace over a slash works): '1503' → '15/03', '15032026' →
 * '15/03/2026'. Pasted text like '15-03-2026' is accepted too.
 */
export function maskDateInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** 'dd/MM/yyyy' → 'YYYY-MM-DD' (the wire format), or null when it is not a real calendar date. */
export function displayToIso(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isIsoDate(iso) ? iso : null;
}

/** 'YYYY-MM-DD' → 'dd/MM/yyyy' (to pre-fill the modal); '' for anything else. */
export function isoToDisplay(value: string | null | undefined): string {
  if (!value || !isIsoDate(value)) return '';
  return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
}

/** Screen format dd-MM-yyyy, or 'Sin registrar'. */
export function showDate(value: string | null | undefined): string {
  return value ? formatDateDmy(value) : SIN_REGISTRAR;
}

/** Kit screen: '15 de marzo de 2026', or 'Sin registrar'. */
export function showLongDate(value: string | null | undefined): string {
  return value ? formatLongSpanishDate(value) : SIN_REGISTRAR;
}

/** Text of a field, or the placeholder when it is missing or blank. */
export function orMissing(
  value: string | number | null | undefined,
  missing: string = SIN_REGISTRAR,
): string {
  if (value === null || value === undefined) return missing;
  const text = String(value).trim();
  return text ? text : missing;
}
