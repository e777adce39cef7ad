import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@togo/domain/auth/auth.contract';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/orquestador/auth/ — 200 LoginResponse; 406 {detalles, opciones} when several accounts match. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiPost<LoginResponse>('/api/orquestador/auth/', body);
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
