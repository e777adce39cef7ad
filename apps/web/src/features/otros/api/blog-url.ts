import { useQuery } from '@tanstack/react-query';
import type { UrlListResponse } from '@togo/domain/catalog/catalog.contract';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/automas-param-system/togo-urls/?name__in=blog → the blog's address (null when not configured). */
export async function fetchBlogUrl(signal?: AbortSignal): Promise<string | null> {
  const body = await apiGet<UrlListResponse>('/api/automas-param-system/togo-urls/?name__in=blog', signal);
  return body?.results?.find((entry) => entry.name === 'blog')?.url ?? null;
}

export const useBlogUrl = () =>
  useQuery({
    queryKey: ['togo-urls', 'blog'],
    queryFn: ({ signal }) => fetchBlogUrl(signal),
    staleTime: Infinity,
  });
