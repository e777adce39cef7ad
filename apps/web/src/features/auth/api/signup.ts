import { useMutation } from '@tanstack/react-query';
import type { SignupRequest } from '@togo/domain/auth/auth.contract';
import { apiPost } from '../../../lib/api-client.ts';

export interface SignupResponse {
  id: number;
  email: string;
  detail: string;
}

/** POST /api/identidad/usuarios/signup/ — account payload (AHGA §3) plus codigo_otp; 201. */
export function signup(body: SignupRequest): Promise<SignupResponse> {
  return apiPost<SignupResponse>('/api/identidad/usuarios/signup/', body);
}

export function useSignupMutation() {
  return useMutation({ mutationFn: signup });
}
