import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogPageSchema } from '@togo/domain/catalog/catalog.contract';
import type { CatalogEntry } from '@togo/domain/catalog/catalog.contract';
import { apiParse } from '../../../lib/api-client.ts';

export type HomeCatalogKey = 'ALIAS_URLS_TOGO' | 'BANNERS_GENERALES_TOGO' | 'BANNERS_OTROS_TOGO';

/** GET /api/conf/catalogos/paginado/?clave_padre=KEY → its active entries (valor_json.activo). */
export async function fetchCatalog(key: HomeCatalogKey, signal?: AbortSignal): Promise<CatalogEntry[]> {
  const page = await apiParse(
    catalogPageSchema,
    `/api/conf/catalogos/paginado/?clave_padre=${encodeURIComponent(key)}`,
    { signal },
  );
  return page.results.filter((entry) => entry.valor_json?.activo === true);
}

export const catalogQuery = (key: HomeCatalogKey) =>
  queryOptions({
    queryKey: ['catalog', key],
    queryFn: ({ signal }) => fetchCatalog(key, signal),
    staleTime: 5 * 60_000,
  });

export const useCatalog = (key: HomeCatalogKey) => useQuery(catalogQuery(key));
