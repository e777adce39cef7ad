import { queryOptions, useQuery } from '@tanstack/react-query';
import { urlListResponseSchema } from '@togo/domain/catalog/catalog.contract';
import { apiParse } from './api-client.ts';
import { logFailure } from './log-failure.ts';

/** GET /api/automas-param-system/togo-urls/?name__in=a,b — configured URLs by name (unknown ones left out). */
export async function getUrls(
  names: readonly string[],
  signal?: AbortSignal,
): Promise<Record<string, string>> {
  const query = new URLSearchParams({ name__in: names.join(',') });
  const answer = await apiParse(
    urlListResponseSchema,
    `/api/automas-param-system/togo-urls/?${query.toString()}`,
    { signal },
  );
  return Object.fromEntries(answer.results.map((entry) => [entry.name, entry.url]));
}

/** The one cache key of the configured URLs: always a {name: url} map of exactly these names. */
export const urlsKey = (names: readonly string[]) => ['togo-urls', ...names];

/** The `togo-urls` query's options (a route's prefetch starts the same query the screen reads). */
export function urlsQuery(names: readonly string[]) {
  return queryOptions({
    queryKey: urlsKey(names),
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) =>
      logFailure('No se pudieron consultar las URLs configuradas', () => getUrls(names, signal)),
  });
}

/** The one `togo-urls` query of the web: {name: url} of the names asked for (decision 034). */
export function useUrlsQuery(names: readonly string[], enabled = true) {
  return useQuery({ ...urlsQuery(names), enabled });
}

/** One configured URL by name, null when it is not configured (same query and cache entry as above). */
export function useUrlQuery(name: string, enabled = true) {
  return useQuery({
    queryKey: urlsKey([name]),
    enabled,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) =>
      logFailure('No se pudieron consultar las URLs configuradas', () => getUrls([name], signal)),
    select: (urls: Record<string, string>) => urls[name] ?? null,
  });
}
