import { useQuery } from '@tanstack/react-query';
import type { UrlListResponse } from '@togo/domain/catalog/catalog.contract';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/automas-param-system/togo-urls/?name__in=a,b → {name: url}. */
export async function fetchTogoUrls(names: readonly string[], signal?: AbortSignal) {
  const body = await apiGet<UrlListResponse>(
    `/api/automas-param-system/togo-urls/?name__in=${encodeURIComponent(names.join(','))}`,
    signal,
  );
  return Object.fromEntries((body?.results ?? []).map((entry) => [entry.name, entry.url]));
}

const LEGAL = ['data_policy_pdf', 'privacy_policy_pdf'] as const;

/** The two legal PDFs of the side menu. */
export const useLegalUrls = () =>
  useQuery({
    queryKey: ['togo-urls', ...LEGAL],
    queryFn: ({ signal }) => fetchTogoUrls(LEGAL, signal),
    staleTime: Infinity,
  });
