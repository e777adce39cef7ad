import { useMutation } from '@tanstack/react-query';
import { signupResponseSchema } from '@togo/domain/auth/auth.contract';
import type { SignupRequest, SignupResponse } from '@togo/domain/auth/auth.contract';
import { apiParse } from '../../../lib/api-client.ts';

/** POST /api/identidad/usuarios/signup/ — account payload (AHGA §3) plus codigo_otp; 201. */
export function signup(body: SignupRequest): Promise<SignupResponse> {
  return apiParse(signupResponseSchema, '/api/identidad/usuarios/signup/', { method: 'POST', body });
}

export function useSignupMutation() {
  return useMutation({ mutationFn: signup });
}
