import { useMutation } from '@tanstack/react-query';
import type { OtpRequest, OtpResponse } from '@togo/domain/auth/auth.contract';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/identidad/usuarios/solicitar-codigo-otp/ — registration or password reset code. */
export function requestOtp(body: OtpRequest): Promise<OtpResponse> {
  return apiPost<OtpResponse>('/api/identidad/usuarios/solicitar-codigo-otp/', body);
}

export function useRequestOtpMutation() {
  return useMutation({ mutationFn: requestOtp });
}
