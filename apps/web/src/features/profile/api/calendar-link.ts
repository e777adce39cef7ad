import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarLinkSchema } from '@togo/domain/reminders/reminders.contract';
import { apiParse } from '../../../lib/api-client.ts';

export const calendarKey = ['calendar-link'] as const;

/** GET api/togo/calendario/ — the secret calendar address. */
export function useCalendarLinkQuery() {
  return useQuery({
    queryKey: calendarKey,
    queryFn: ({ signal }) => apiParse(calendarLinkSchema, '/api/togo/calendario/', { signal }),
  });
}

/** POST api/togo/calendario/revocar/ — a new address; the old one stops working. */
export function useRevokeCalendarLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiParse(calendarLinkSchema, '/api/togo/calendario/revocar/', { method: 'POST' }),
    onSuccess: (link) => client.setQueryData(calendarKey, link),
  });
}
