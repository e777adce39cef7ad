import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiPost } from './api-client.ts';
import { clearAllStorage, getToken } from './storage.ts';

/** POST /api/users/logout/ {token} — 204. */
export function logout(token: string): Promise<void> {
  return apiPost<void>('/api/users/logout/', { token });
}

/** Revokes the token (silently), clears all local and session storage and the cache, goes to /auth. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const token = getToken();
    if (token) {
      try {
        await logout(token);
      } catch (error) {
        console.error('logout', error);
      }
    }
    clearAllStorage();
    queryClient.clear();
    await navigate('/auth', { replace: true });
  }, [navigate, queryClient]);
}
