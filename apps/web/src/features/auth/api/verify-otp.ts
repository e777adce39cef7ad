import { useMutation } from '@tanstack/react-query';
import type { OtpVerify } from '@togo/domain/auth/auth.contract';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/identidad/usuarios/verificar-codigo-otp/ — 200 {detail, verificado: true}. */
export function verifyOtp(body: OtpVerify): Promise<{ detail: string; verificado: boolean }> {
  return apiPost<{ detail: string; verificado: boolean }>(
    '/api/identidad/usuarios/verificar-codigo-otp/',
    body,
  );
}

export function useVerifyOtpMutation() {
  return useMutation({ mutationFn: verifyOtp });
}
