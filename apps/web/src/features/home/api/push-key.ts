import { useQuery } from '@tanstack/react-query';
import { pushPublicKeySchema } from '@togo/domain/alerts/alerts.contract';
import type { PushPublicKey } from '@togo/domain/alerts/alerts.contract';
import { apiParse } from '../../../lib/api-client.ts';

/** GET /api/togo/notificacion/push/public-key/ → {public_key|null} (null: push not configured). Public. */
export function fetchPushPublicKey(signal?: AbortSignal): Promise<PushPublicKey> {
  return apiParse(pushPublicKeySchema, '/api/togo/notificacion/push/public-key/', { signal });
}

export const usePushPublicKey = (enabled: boolean) =>
  useQuery({
    queryKey: ['push-public-key'],
    queryFn: ({ signal }) => fetchPushPublicKey(signal),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
