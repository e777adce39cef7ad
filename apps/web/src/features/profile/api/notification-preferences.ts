import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Preferences } from '@togo/domain/reminders/reminders.contract';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';

const PATH = '/api/togo/notificacion/preferencias/';
export const preferencesKey = ['notification-preferences'] as const;

/** GET api/togo/notificacion/preferencias/ */
export function usePreferencesQuery() {
  return useQuery({ queryKey: preferencesKey, queryFn: ({ signal }) => apiGet<Preferences>(PATH, signal) });
}

/** PUT api/togo/notificacion/preferencias/ with the whole object; the answer replaces the cache. */
export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (next: Preferences) => apiRequest<Preferences>(PATH, { method: 'PUT', body: next }),
    onSuccess: (saved) => client.setQueryData(preferencesKey, saved),
  });
}
