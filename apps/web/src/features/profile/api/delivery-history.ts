import { useQuery } from '@tanstack/react-query';
import { deliveryHistorySchema } from '@togo/domain/reminders/reminders.contract';
import { apiParse } from '../../../lib/api-client.ts';

/** GET api/togo/notificacion/historial/ — "Historial de avisos", newest first. */
export function useDeliveryHistoryQuery() {
  return useQuery({
    queryKey: ['delivery-history'],
    queryFn: ({ signal }) => apiParse(deliveryHistorySchema, '/api/togo/notificacion/historial/', { signal }),
  });
}
