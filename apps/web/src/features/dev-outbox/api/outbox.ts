import { useQuery } from '@tanstack/react-query';
import { outboxMessageSchema, type OutboxMessage } from '@togo/domain/public-config.contract';
import { apiParse } from '../../../lib/api-client.ts';

const outboxSchema = outboxMessageSchema.array();

/** GET /api/dev/outbox?to=… — messages sent to an email or phone, newest first (development only). */
export function fetchOutbox(to: string, signal?: AbortSignal): Promise<OutboxMessage[]> {
  return apiParse(outboxSchema, `/api/dev/outbox?to=${encodeURIComponent(to)}`, { signal });
}

export function useOutboxQuery(to: string, enabled: boolean) {
  return useQuery({
    queryKey: ['dev-outbox', to],
    queryFn: ({ signal }) => fetchOutbox(to, signal),
    enabled: enabled && to.length > 0,
    refetchInterval: 5000,
  });
}
