import { useMutation } from '@tanstack/react-query';
import { otpResponseSchema } from '@togo/domain/auth/auth.contract';
import type { OtpRequest, OtpResponse } from '@togo/domain/auth/auth.contract';
import { apiParse } from '../../../lib/api-client.ts';

/** POST /api/identidad/usuarios/solicitar-codigo-otp/ — registration or password reset code. */
export function requestOtp(body: OtpRequest): Promise<OtpResponse> {
  return apiParse(otpResponseSchema, '/api/identidad/usuarios/solicitar-codigo-otp/', {
    method: 'POST',
    body,
  });
}

export function useRequestOtpMutation() {
  return useMutation({ mutationFn: requestOtp });
}
