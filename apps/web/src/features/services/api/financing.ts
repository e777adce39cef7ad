import { useQuery } from '@tanstack/react-query';
import { CATALOG_KEYS } from '@togo/domain/catalog/catalog.contract';
import type { CatalogEntry, CatalogPage, UrlListResponse } from '@togo/domain/catalog/catalog.contract';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/conf/catalogos/paginado/?clave_padre=FINANCIACION_TOGO — active entries: banner first, then logos. */
export async function fetchFinancingCatalog(signal?: AbortSignal): Promise<CatalogEntry[]> {
  const query = new URLSearchParams({ clave_padre: CATALOG_KEYS.financiacion, page_size: '100' });
  const page = await apiGet<CatalogPage>(`/api/conf/catalogos/paginado/?${query.toString()}`, signal);
  return (page?.results ?? []).filter((entry) => entry.valor_json?.activo !== false);
}

/** GET /api/automas-param-system/togo-urls/?name__in=financiacion — the financing page URL, or null. */
export async function fetchFinancingUrl(signal?: AbortSignal): Promise<string | null> {
  const body = await apiGet<UrlListResponse>(
    '/api/automas-param-system/togo-urls/?name__in=financiacion',
    signal,
  );
  return body?.results?.find((entry) => entry.name === 'financiacion')?.url ?? null;
}

export const useFinancingCatalog = () =>
  useQuery({
    queryKey: ['catalog', CATALOG_KEYS.financiacion],
    queryFn: ({ signal }) => fetchFinancingCatalog(signal),
    staleTime: 5 * 60_000,
  });

export const useFinancingUrl = (enabled: boolean) =>
  useQuery({
    queryKey: ['togo-urls', 'financiacion'],
    enabled,
    queryFn: ({ signal }) => fetchFinancingUrl(signal),
    staleTime: 5 * 60_000,
  });
