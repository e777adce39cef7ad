import { useQuery } from '@tanstack/react-query';
import { CATALOG_KEYS, catalogPageSchema } from '@togo/domain/catalog/catalog.contract';
import type { CatalogEntry } from '@togo/domain/catalog/catalog.contract';
import { apiParse } from '../../../lib/api-client.ts';
import { useUrlQuery } from '../../../lib/togo-urls.ts';

/** GET /api/conf/catalogos/paginado/?clave_padre=FINANCIACION_TOGO — active entries: banner first, then logos. */
export async function fetchFinancingCatalog(signal?: AbortSignal): Promise<CatalogEntry[]> {
  const query = new URLSearchParams({ clave_padre: CATALOG_KEYS.financiacion, page_size: '100' });
  const page = await apiParse(catalogPageSchema, `/api/conf/catalogos/paginado/?${query.toString()}`, {
    signal,
  });
  return (page?.results ?? []).filter((entry) => entry.valor_json?.activo !== false);
}

export const useFinancingCatalog = () =>
  useQuery({
    queryKey: ['catalog', CATALOG_KEYS.financiacion],
    queryFn: ({ signal }) => fetchFinancingCatalog(signal),
    staleTime: 5 * 60_000,
  });

/** The financing page URL (null when not configured), asked only while quoting. */
export const useFinancingUrl = (enabled: boolean) => useUrlQuery('financiacion', enabled);
