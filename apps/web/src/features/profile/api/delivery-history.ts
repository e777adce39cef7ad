import { useQuery } from '@tanstack/react-query';
import type { DeliveryLogEntry } from '@togo/domain/reminders/reminders.contract';
import { apiGet } from '../../../lib/api-client.ts';

/** GET api/togo/notificacion/historial/ — "Historial de avisos", newest first. */
export function useDeliveryHistoryQuery() {
  return useQuery({
    queryKey: ['delivery-history'],
    queryFn: ({ signal }) =>
      apiGet<{ count: number; results: DeliveryLogEntry[] }>('/api/togo/notificacion/historial/', signal),
  });
}
