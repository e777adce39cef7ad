import { usernameAvailabilitySchema } from '@togo/domain/auth/auth.contract';
import { apiParse } from '../../../lib/api-client.ts';

/** POST /api/identidad/usuarios/validar-username/ — 200 {disponible: true}; 400 when the email is taken. */
export function validateUsername(username: string): Promise<{ disponible: boolean }> {
  return apiParse(usernameAvailabilitySchema, '/api/identidad/usuarios/validar-username/', {
    method: 'POST',
    body: { username },
  });
}
