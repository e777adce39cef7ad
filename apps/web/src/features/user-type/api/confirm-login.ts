import type { UserInfo } from '@togo/domain/auth/auth.contract';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/togo/users/confirmar_inicio_sesion/ — the signed-in user's info (no token fields). */
export function confirmLogin(): Promise<UserInfo> {
  return apiGet<UserInfo>('/api/togo/users/confirmar_inicio_sesion/');
}
