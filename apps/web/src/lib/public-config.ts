import { useQuery } from '@tanstack/react-query';
import { publicConfigSchema } from '@togo/domain/public-config.contract';
import type { PublicConfig } from '@togo/domain/public-config.contract';
import { apiParse } from './api-client.ts';
import { useHydrated } from './use-hydrated.ts';

export const DEFAULT_FACEBOOK_API_VERSION = 'v10.0';

export const publicConfigKey = ['public-config'] as const;

export function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiParse(publicConfigSchema, '/api/config', { signal });
}

/**
 * GET /api/config, fetched once per page load. While a prerendered page hydrates, the answer is withheld (as on
 * the server, which prerendered without it), so the first render matches the HTML; it shows right after.
 */
export function usePublicConfig() {
  const hydrated = useHydrated();
  const query = useQuery({
    queryKey: publicConfigKey,
    queryFn: ({ signal }) => fetchPublicConfig(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
  return hydrated ? query : { ...query, data: undefined };
}
