import { useMutation } from '@tanstack/react-query';
import { detailAnswerSchema } from '@togo/domain/detail-answer.contract';
import type { ResetPassword } from '@togo/domain/auth/auth.contract';
import { apiParse } from '../../../lib/api-client.ts';

/** POST /api/identidad/usuarios/resetear-clave/ — sets the new password after a verified code. */
export function resetPassword(body: ResetPassword): Promise<{ detail: string }> {
  return apiParse(detailAnswerSchema, '/api/identidad/usuarios/resetear-clave/', { method: 'POST', body });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
