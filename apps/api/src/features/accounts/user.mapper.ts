import type { LoginResponse } from '@togo/domain/auth/auth.contract';
import { GROUP_NAMES } from '@togo/domain/roles';
import type { UserRow } from './accounts.repository.ts';

/** Username of an account whose provider gave no verified email (a domain of ours: it receives nothing). */
export const PLACEHOLDER_EMAIL_DOMAIN = 'usuarios.togo.com.co';
export const placeholderEmail = (provider: string, subject: string) =>
  `${provider}-${subject}@${PLACEHOLDER_EMAIL_DOMAIN}`;
export const isPlaceholderEmail = (email: string) => email.endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`);

export type UserInfoResponse = Omit<LoginResponse, 'access_token' | 'token'>;

/** A stored file id → its signed URL (uploaded profile pictures are never served without one). */
export type PictureUrl = (fileId: string) => string;

/**
 * Database row → the user info of the contract (never the row itself). An uploaded profile picture wins
 * over the social sign-in picture; without a signer (unit use) the social picture is kept.
 */
export function toUserInfo(user: UserRow, pictureUrl?: PictureUrl): UserInfoResponse {
  return {
    id: user.id,
    username: user.email,
    email: user.email,
    nombres: user.nombres,
    apellidos: user.apellidos,
    first_name: user.nombres,
    last_name: user.apellidos,
    profile_picture:
      user.profilePictureFileId && pictureUrl ? pictureUrl(user.profilePictureFileId) : user.profilePicture,
    is_first_login_togo: user.isFirstLoginTogo,
    ids_roles: [user.groupId],
    groups: [{ id: user.groupId, name: GROUP_NAMES[user.groupId] ?? 'Cliente' }],
    tercero: {
      telefono: user.telefono,
      nombres: user.nombres,
      apellidos: user.apellidos,
      correo: user.email,
      razon_social: user.razonSocial,
    },
  };
}

export function toLoginResponse(user: UserRow, token: string, pictureUrl?: PictureUrl): LoginResponse {
  return { access_token: token, token, ...toUserInfo(user, pictureUrl) };
}
