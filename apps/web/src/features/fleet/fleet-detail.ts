import { formatDateDmy, isIsoDate } from '@togo/domain/alerts/alerts.dates';
import { groupThousands } from '@togo/domain/money';

/** SPPF §2: a vehicle field the registry has not given. */
export const NO_ESPECIFICADO = 'No especificado';
/** SPPF §2: a licence field the registry has not given ('not registered'). */
export const SIN_REGISTRAR = 'Sin registrar';

/** Text of a field, or the placeholder when it is missing or blank. */
export function orDefault(value: string | number | null | undefined, missing: string): string {
  if (value === null || value === undefined) return missing;
  const text = String(value).trim();
  return text ? text : missing;
}

/** Wire date 'YYYY-MM-DD' → 'dd-MM-yyyy'; other text as it came; the placeholder when missing. */
export function showDay(value: string | null | undefined, missing: string): string {
  if (!value || !value.trim()) return missing;
  return isIsoDate(value) ? formatDateDmy(value) : value;
}

/** Kilometres with thousands separators: 45210 → '45.210 km'. */
export function formatKm(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_ESPECIFICADO;
  return `${groupThousands(Math.max(0, Math.round(value)))} km`;
}

/** Up to two initials of a name, for the photo placeholder. */
export function initials(name: string | null | undefined): string {
  return (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}
