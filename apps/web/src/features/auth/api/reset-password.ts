import { useMutation } from '@tanstack/react-query';
import type { ResetPassword } from '@togo/domain/auth/auth.contract';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/identidad/usuarios/resetear-clave/ — sets the new password after a verified code. */
export function resetPassword(body: ResetPassword): Promise<{ detail: string }> {
  return apiPost<{ detail: string }>('/api/identidad/usuarios/resetear-clave/', body);
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
