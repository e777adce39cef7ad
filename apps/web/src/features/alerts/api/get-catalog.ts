import { useQuery } from '@tanstack/react-query';
import { catalogPageSchema, type CatalogEntry } from '@togo/domain/catalog/catalog.contract';
import { apiParse } from '../../../lib/api-client.ts';
import { logFailure } from '../../../lib/log-failure.ts';

/** GET /api/conf/catalogos/paginado/?clave_padre= — active entries of a catalogue (first page of 100). */
export async function getCatalog(clavePadre: string, signal?: AbortSignal): Promise<CatalogEntry[]> {
  const query = new URLSearchParams({ clave_padre: clavePadre, page_size: '100' });
  const page = await apiParse(catalogPageSchema, `/api/conf/catalogos/paginado/?${query.toString()}`, {
    signal,
  });
  return page.results;
}

export function useCatalogQuery(clavePadre: string) {
  return useQuery({
    queryKey: ['catalog', clavePadre],
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) =>
      logFailure(`No se pudo consultar el catálogo ${clavePadre}`, () => getCatalog(clavePadre, signal)),
  });
}
