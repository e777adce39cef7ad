import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarLink } from '@togo/domain/reminders/reminders.contract';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

export const calendarKey = ['calendar-link'] as const;

/** GET api/togo/calendario/ — the secret calendar address. */
export function useCalendarLinkQuery() {
  return useQuery({
    queryKey: calendarKey,
    queryFn: ({ signal }) => apiGet<CalendarLink>('/api/togo/calendario/', signal),
  });
}

/** POST api/togo/calendario/revocar/ — a new address; the old one stops working. */
export function useRevokeCalendarLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<CalendarLink>('/api/togo/calendario/revocar/'),
    onSuccess: (link) => client.setQueryData(calendarKey, link),
  });
}
