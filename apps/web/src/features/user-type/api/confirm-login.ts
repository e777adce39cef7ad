import { userInfoResponseSchema, type UserInfoResponse } from '@togo/domain/auth/user-info.contract';
import { apiParse } from '../../../lib/api-client.ts';

/** GET /api/togo/users/confirmar_inicio_sesion/ — the signed-in user's info (no token fields). */
export function confirmLogin(): Promise<UserInfoResponse> {
  return apiParse(userInfoResponseSchema, '/api/togo/users/confirmar_inicio_sesion/');
}
