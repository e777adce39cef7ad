import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema } from '@togo/domain/auth/auth.contract';
import type { LoginRequest, LoginResponse } from '@togo/domain/auth/auth.contract';
import { apiParse } from '../../../lib/api-client.ts';

/** POST /api/orquestador/auth/ — 200 LoginResponse; 406 {detalles, opciones} when several accounts match. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiParse(loginResponseSchema, '/api/orquestador/auth/', { method: 'POST', body });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
