import { useSyncExternalStore } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { staffMeSchema, type StaffMe } from '@togo/domain/operator/operator-shell.contract';
import {
  getOperatorToken,
  operatorRequest,
  setOperatorToken,
  subscribeOperatorToken,
} from './operator-api.ts';

export const staffMeKey = ['operador', 'yo'] as const;

/** The staff token, re-read whenever it is set or forgotten (a 401 anywhere forgets it). */
export function useOperatorToken(): string | null {
  return useSyncExternalStore(subscribeOperatorToken, getOperatorToken, () => null);
}

export function fetchStaffMe(signal?: AbortSignal): Promise<StaffMe> {
  return operatorRequest('/api/operador/yo/', { schema: staffMeSchema, signal });
}

/** Who is signed in (GET /api/operador/yo/), read once per token. */
export function useStaffMe(token: string | null) {
  return useQuery({
    queryKey: [...staffMeKey, token],
    queryFn: ({ signal }) => fetchStaffMe(signal),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}

/** Ends the session on the server (best effort), forgets the token and every cached answer. */
export async function signOut(client: QueryClient): Promise<void> {
  try {
    if (getOperatorToken()) await operatorRequest('/api/operador/sesion/', { method: 'DELETE' });
  } catch {
    /* the session is forgotten here either way; the server ends it once unused (OPERATOR_IDLE_MINUTES) */
  }
  setOperatorToken(null);
  client.clear();
}
