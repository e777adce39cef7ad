import { useQuery } from '@tanstack/react-query';
import type { UrlListResponse } from '@togo/domain/catalog/catalog.contract';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/automas-param-system/togo-urls/?name__in={name} → that entry's address (null when not configured). */
export async function fetchTogoUrl(name: string, signal?: AbortSignal): Promise<string | null> {
  const body = await apiGet<UrlListResponse>(
    `/api/automas-param-system/togo-urls/?name__in=${encodeURIComponent(name)}`,
    signal,
  );
  return body?.results?.find((entry) => entry.name === name)?.url ?? null;
}

/** URL by name (SPPF §7): facil_pass, poliza, financiacion, blog. */
export const useTogoUrl = (name: string) =>
  useQuery({
    queryKey: ['togo-urls', name],
    queryFn: ({ signal }) => fetchTogoUrl(name, signal),
    staleTime: Infinity,
  });
