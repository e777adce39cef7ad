import type { UserInfo } from '@togo/domain/auth/auth.contract';
import {
  profileResponseSchema,
  type EmailVerify,
  type ProfileEmailChange,
  type ProfileNameChange,
  type ProfileResponse,
} from '@togo/domain/profile/profile.contract';
import { apiParse, apiUploadParse } from '../../../lib/api-client.ts';
import { updateUserInfo } from '../../../lib/storage.ts';

const path = (userId: number) => `/api/users-admin-manager/${userId}/`;

/** The fields of the profile (and the pending email) go back into the stored userInfo (SPPF §3). */
function remember(answer: ProfileResponse): UserInfo | null {
  return updateUserInfo({
    email: answer.email,
    username: answer.username,
    first_name: answer.first_name,
    last_name: answer.last_name,
    nombres: answer.nombres,
    apellidos: answer.apellidos,
    profile_picture: answer.profile_picture,
    tercero: answer.tercero,
    ...(answer.correo_pendiente !== undefined ? { correo_pendiente: answer.correo_pendiente } : {}),
  });
}

/**
 * PATCH {email, username, intermediaryy{email}}: the server keeps the current email and sends a code to the
 * new one (correo_pendiente, stored with the userInfo); also the resend, asked again with the same address.
 */
export async function changeEmail(userId: number, typed: string): Promise<UserInfo | null> {
  // Capitals are not an error: an address is the same in any case (issue 36).
  const email = typed.trim().toLowerCase();
  const body: ProfileEmailChange = { email, username: email, intermediaryy: { email } };
  return remember(await apiParse(profileResponseSchema, path(userId), { method: 'PATCH', body }));
}

/** POST users-admin-manager/{id}/verificar-correo/ {codigo}: the pending email becomes the account's. */
export async function verifyEmailChange(userId: number, codigo: string): Promise<UserInfo | null> {
  const body: EmailVerify = { codigo };
  return remember(
    await apiParse(profileResponseSchema, `${path(userId)}verificar-correo/`, { method: 'POST', body }),
  );
}

/**
 * PATCH {first_name, last_name, intermediaryy{first_name, last_name}}: bussines_name is left out, so a name change
 * keeps the company's razón social (set in the fleet's "Datos de la empresa", issue 37) instead of clearing it.
 */
export async function changeName(
  userId: number,
  firstName: string,
  lastName: string,
): Promise<UserInfo | null> {
  const body: ProfileNameChange = {
    first_name: firstName,
    last_name: lastName,
    intermediaryy: { first_name: firstName, last_name: lastName },
  };
  return remember(await apiParse(profileResponseSchema, path(userId), { method: 'PATCH', body }));
}

/** PATCH multipart profile_picture */
export async function changePicture(userId: number, file: File): Promise<UserInfo | null> {
  return remember(
    await apiUploadParse(profileResponseSchema, path(userId), 'profile_picture', file, { method: 'PATCH' }),
  );
}
