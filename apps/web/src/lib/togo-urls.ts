import { useQuery } from '@tanstack/react-query';
import type { UrlListResponse } from '@togo/domain/catalog/catalog.contract';
import { apiGet } from './api-client.ts';
import { logFailure } from './log-failure.ts';

/** GET /api/automas-param-system/togo-urls/?name__in=a,b — configured URLs by name (unknown ones left out). */
export async function getUrls(
  names: readonly string[],
  signal?: AbortSignal,
): Promise<Record<string, string>> {
  const query = new URLSearchParams({ name__in: names.join(',') });
  const answer = await apiGet<UrlListResponse>(
    `/api/automas-param-system/togo-urls/?${query.toString()}`,
    signal,
  );
  return Object.fromEntries(answer.results.map((entry) => [entry.name, entry.url]));
}

export function useUrlsQuery(names: readonly string[], enabled = true) {
  return useQuery({
    queryKey: ['togo-urls', ...names],
    enabled,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) =>
      logFailure('No se pudieron consultar las URLs configuradas', () => getUrls(names, signal)),
  });
}
