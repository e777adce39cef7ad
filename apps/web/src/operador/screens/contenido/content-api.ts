import {
  catalogEntriesPageSchema,
  catalogGroupSchema,
  contentImageSchema,
  operatorCatalogEntrySchema,
  operatorNamedUrlSchema,
  type CatalogEntriesPage,
  type CatalogEntryInput,
  type CatalogGroup,
  type ContentImage,
  type OperatorCatalogEntry,
  type OperatorNamedUrl,
} from '@togo/domain/operator/operator-content.contract';
import { operatorRequest, operatorUpload } from '../../lib/operator-api.ts';

/** The console's content calls (/api/operador/contenido/…, decision 030). */

const base = '/api/operador/contenido';

export function catalogGroups(signal?: AbortSignal): Promise<CatalogGroup[]> {
  return operatorRequest(`${base}/catalogos/`, { schema: catalogGroupSchema.array(), signal });
}

export function catalogEntries(
  query: { clave_padre?: string; q?: string; page?: number; page_size?: number; orden?: string },
  signal?: AbortSignal,
): Promise<CatalogEntriesPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return operatorRequest(`${base}/entradas/?${params.toString()}`, {
    schema: catalogEntriesPageSchema,
    signal,
  });
}

/** The entry as it is now (after a 409: someone saved it since it was read). */
export function getEntry(id: number): Promise<OperatorCatalogEntry> {
  return operatorRequest(`${base}/entradas/${id}/`, { schema: operatorCatalogEntrySchema });
}

/** Creates (`entry` null) or saves the entry read at `entry.version` (If-Match, decision 096). */
export function saveEntry(
  entry: Pick<OperatorCatalogEntry, 'id' | 'version'> | null,
  input: CatalogEntryInput,
): Promise<OperatorCatalogEntry> {
  return operatorRequest(entry === null ? `${base}/entradas/` : `${base}/entradas/${entry.id}/`, {
    method: entry === null ? 'POST' : 'PUT',
    body: input,
    schema: operatorCatalogEntrySchema,
    ...(entry === null ? {} : { ifMatch: entry.version }),
  });
}

export async function deleteEntry(entry: Pick<OperatorCatalogEntry, 'id' | 'version'>): Promise<void> {
  await operatorRequest(`${base}/entradas/${entry.id}/`, { method: 'DELETE', ifMatch: entry.version });
}

export function namedUrls(signal?: AbortSignal): Promise<OperatorNamedUrl[]> {
  return operatorRequest(`${base}/urls/`, { schema: operatorNamedUrlSchema.array(), signal });
}

/** Creates a URL (`version` null) or replaces the one read at `version` (If-Match, decision 096). */
export function saveUrl(name: string, url: string, version: number | null): Promise<OperatorNamedUrl> {
  const create = version === null;
  return operatorRequest(create ? `${base}/urls/` : `${base}/urls/${name}/`, {
    method: create ? 'POST' : 'PUT',
    body: create ? { name, url } : { url },
    schema: operatorNamedUrlSchema,
    ...(create ? {} : { ifMatch: version }),
  });
}

export async function deleteUrl(item: Pick<OperatorNamedUrl, 'name' | 'version'>): Promise<void> {
  await operatorRequest(`${base}/urls/${item.name}/`, { method: 'DELETE', ifMatch: item.version });
}

export function uploadImage(file: Blob): Promise<ContentImage> {
  return operatorUpload(`${base}/imagenes/`, 'imagen', file, contentImageSchema);
}

/** The first message of a DRF 400 body per top-level field ('valor_json.activo' → 'valor_json'). */
export function fieldErrors(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!body || typeof body !== 'object') return out;
  const first = (value: unknown): string | undefined => {
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return value.map(first).find(Boolean);
    if (value && typeof value === 'object') return Object.values(value).map(first).find(Boolean);
    return undefined;
  };
  for (const [key, value] of Object.entries(body)) {
    const message = first(value);
    if (message) out[key === 'non_field_errors' ? 'detail' : key] = message;
  }
  return out;
}
