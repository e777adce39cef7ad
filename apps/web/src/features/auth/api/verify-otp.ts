import { useMutation } from '@tanstack/react-query';
import { otpVerifiedSchema } from '@togo/domain/auth/auth.contract';
import type { OtpVerified, OtpVerify } from '@togo/domain/auth/auth.contract';
import { apiParse } from '../../../lib/api-client.ts';

/** POST /api/identidad/usuarios/verificar-codigo-otp/ — 200 {detail, verificado: true}. */
export function verifyOtp(body: OtpVerify): Promise<OtpVerified> {
  return apiParse(otpVerifiedSchema, '/api/identidad/usuarios/verificar-codigo-otp/', {
    method: 'POST',
    body,
  });
}

export function useVerifyOtpMutation() {
  return useMutation({ mutationFn: verifyOtp });
}
