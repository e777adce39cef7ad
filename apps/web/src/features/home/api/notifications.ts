import { useQuery } from '@tanstack/react-query';
import { notificationPageSchema } from '@togo/domain/alerts/alerts.contract';
import type { NotificationPage } from '@togo/domain/alerts/alerts.contract';
import { apiParse } from '../../../lib/api-client.ts';

/** GET /api/togo/notificacion/list_notificaciones_by_garaje/?id_garaje={id} → first page. */
export function fetchNotifications(garageId: number, signal?: AbortSignal): Promise<NotificationPage> {
  return apiParse(
    notificationPageSchema,
    `/api/togo/notificacion/list_notificaciones_by_garaje/?id_garaje=${garageId}`,
    { signal },
  );
}

export const useNotifications = (garageId: number | undefined) =>
  useQuery({
    queryKey: ['garage', garageId, 'notifications'],
    queryFn: ({ signal }) => fetchNotifications(garageId as number, signal),
    enabled: garageId !== undefined,
  });
