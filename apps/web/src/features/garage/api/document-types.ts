import { useQuery } from '@tanstack/react-query';
import type { DocumentTypesResponse } from '@togo/domain/reference/reference.contract';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/automas-param-type-document/ → {results: [{id, name, code}]}. */
export async function fetchDocumentTypes(signal?: AbortSignal) {
  const body = await apiGet<DocumentTypesResponse>('/api/automas-param-type-document/', signal);
  return body?.results ?? [];
}

export const useDocumentTypes = () =>
  useQuery({
    queryKey: ['reference', 'document-types'],
    queryFn: ({ signal }) => fetchDocumentTypes(signal),
    staleTime: Infinity,
  });
