import { useQuery } from '@tanstack/react-query';
import { documentTypesResponseSchema } from '@togo/domain/reference/reference.contract';
import { apiParse } from '../../../lib/api-client.ts';

/** GET /api/automas-param-type-document/ → {results: [{id, name, code}]}. */
export async function fetchDocumentTypes(signal?: AbortSignal) {
  const body = await apiParse(documentTypesResponseSchema, '/api/automas-param-type-document/', { signal });
  return body.results;
}

export const useDocumentTypes = () =>
  useQuery({
    queryKey: ['reference', 'document-types'],
    queryFn: ({ signal }) => fetchDocumentTypes(signal),
    staleTime: Infinity,
  });
