import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@togo/domain/public-config.contract';
import { apiGet } from './api-client.ts';

export const DEFAULT_FACEBOOK_API_VERSION = 'v10.0';

export const publicConfigKey = ['public-config'] as const;

export function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiGet<PublicConfig>('/api/config', signal);
}

/** GET /api/config, fetched once per page load. */
export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigKey,
    queryFn: ({ signal }) => fetchPublicConfig(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
}
