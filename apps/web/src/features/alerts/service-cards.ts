import type { CatalogEntry } from '@togo/domain/catalog/catalog.contract';

/** One modal card of alertas-peritaje / alertas-tramites (AHGA §2 'Modal cards'). */
export interface ServiceCard {
  key: string;
  title: string;
  image: string | null;
  /** COP, VAT included; null when the catalogue has no price for it. */
  price: number | null;
  details: string[];
  conditionsUrl: string | null;
  restrictionsUrl: string | null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function amount(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

/** Detail lines: valor_json.detalles when it is a list, else the description split into sentences. */
function detailLines(json: Record<string, unknown>): string[] {
  const list = json.detalles;
  if (Array.isArray(list)) return list.map(text).filter((line): line is string => line !== null);
  const description = text(json.descripcion);
  if (!description) return [];
  return description
    .split(/(?<=\.)\s+/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** A catalogue entry (PERITAJES_TOGO / TRAMITES_TOGO) as a card. Reads optional valor_json fields. */
export function toServiceCard(entry: CatalogEntry): ServiceCard {
  const json = (entry.valor_json ?? {}) as Record<string, unknown>;
  return {
    key: entry.clave,
    title: entry.valor,
    image: text(entry.detalle_archivos?.[0]?.archivo),
    price: amount(json.precio ?? json.price ?? json.valor),
    details: detailLines(json),
    conditionsUrl: text(json.url_condiciones ?? json.condiciones_url),
    restrictionsUrl: text(json.url_restricciones ?? json.restricciones_url),
  };
}

/** Names of the configured URLs (togo-urls) of the peritaje documents, used when an entry has none. */
export const PERITAJE_URL_NAMES = ['peritaje_condiciones', 'peritaje_restricciones'] as const;
