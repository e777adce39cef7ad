import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { preferencesSchema, type Preferences } from '@togo/domain/reminders/reminders.contract';
import { apiParse } from '../../../lib/api-client.ts';

const PATH = '/api/togo/notificacion/preferencias/';
export const preferencesKey = ['notification-preferences'] as const;

/** GET api/togo/notificacion/preferencias/ */
export function usePreferencesQuery() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => apiParse(preferencesSchema, PATH, { signal }),
  });
}

/** PUT api/togo/notificacion/preferencias/ with the whole object; the answer replaces the cache. */
export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (next: Preferences) => apiParse(preferencesSchema, PATH, { method: 'PUT', body: next }),
    onSuccess: (saved) => client.setQueryData(preferencesKey, saved),
  });
}
