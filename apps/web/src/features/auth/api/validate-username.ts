import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/identidad/usuarios/validar-username/ — 200 {disponible: true}; 400 when the email is taken. */
export function validateUsername(username: string): Promise<{ disponible: boolean }> {
  return apiPost<{ disponible: boolean }>('/api/identidad/usuarios/validar-username/', { username });
}

export function useValidateUsernameMutation() {
  return useMutation({ mutationFn: validateUsername });
}
