import type { VehicleData } from '@togo/domain/garage/garage.contract';
import { onFirstUse } from '../../lib/on-first-use.ts';

/** SPPF §2 "Personal garage screen": texts as the spec writes them. */
export const GARAGE_TEXTS = {
  unregistered: 'Sin registrar',
  missing: 'No se encontraron datos',
  addVehicle: 'Añade un vehículo',
  valueErrorTitle: '¡Ups!',
  valueErrorMessage: 'Error al consultar los datos, intente nuevamente',
} as const;

/** 'year brand line', or 'Sin registrar' while the registry has not answered. */
export function vehicleTitle(data: VehicleData | null | undefined): string {
  if (!data) return GARAGE_TEXTS.unregistered;
  const parts = [data.year_model, data.vehicle_brand, data.vehicle_line]
    .map((part) => String(part ?? '').trim())
    .filter(Boolean);
  return parts.length ? parts.join(' ') : GARAGE_TEXTS.unregistered;
}

/** 'Última actualización: hace X' — days, else hours, else minutes ('hace un momento' under one) since creation. */
export function lastUpdated(created: string, now: Date): string {
  const then = new Date(created).getTime();
  if (Number.isNaN(then)) return `Última actualización: ${GARAGE_TEXTS.missing}`;
  const minutes = Math.max(0, Math.floor((now.getTime() - then) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor(minutes / 60);
  if (minutes === 0) return 'Última actualización: hace un momento';
  const ago =
    days >= 1
      ? `${days} ${days === 1 ? 'día' : 'días'}`
      : hours >= 1
        ? `${hours} ${hours === 1 ? 'hora' : 'horas'}`
        : `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
  return `Última actualización: hace ${ago}`;
}

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'svg']);

/** SPPF §5: the garage image is displayed only when its extension is jpg, jpeg, png or svg. */
export function isDisplayableImage(url: string | null | undefined): url is string {
  if (!url) return false;
  let path: string;
  try {
    path = new URL(url, 'http://localhost').pathname;
  } catch {
    return false;
  }
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return ext !== undefined && IMAGE_EXTENSIONS.has(ext);
}

const usd = onFirstUse(
  () =>
    new Intl.NumberFormat('es-CO', {
      style: 'currency',
      currency: 'USD',
      currencyDisplay: 'code',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    }),
);

/** Commercial value in US dollars without decimals: 18250.4 → 'USD 18.250'. */
export function formatUSD(value: number): string {
  return usd()
    .format(Math.round(value))
    .replace(/\u00a0/g, ' ');
}

/** Filled stars for a score: clamped to 1–5; null when there is no score. */
export function starCount(score: number | null | undefined): number | null {
  if (score === null || score === undefined || !Number.isFinite(score)) return null;
  return Math.min(5, Math.max(1, Math.round(score)));
}

/** Number with es-CO thousands separators and no decimals, or the missing text. */
export function wholeNumber(value: number | null | undefined, unit = ''): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return GARAGE_TEXTS.missing;
  return `${Math.round(value).toLocaleString('es-CO')}${unit}`;
}

export function textOrMissing(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  return text || GARAGE_TEXTS.missing;
}
