import type { LoginResponse } from '@togo/domain/auth/auth.contract';
import { GROUP_NAMES } from '@togo/domain/roles';
import type { UserRow } from './accounts.repository.ts';

export type UserInfoResponse = Omit<LoginResponse, 'access_token' | 'token'>;

/** Database row → the user info of the contract (never the row itself). */
export function toUserInfo(user: UserRow): UserInfoResponse {
  return {
    id: user.id,
    username: user.email,
    email: user.email,
    nombres: user.nombres,
    apellidos: user.apellidos,
    first_name: user.nombres,
    last_name: user.apellidos,
    profile_picture: user.profilePicture,
    is_first_login_togo: user.isFirstLoginTogo,
    ids_roles: [user.groupId],
    groups: [{ id: user.groupId, name: GROUP_NAMES[user.groupId] ?? 'Cliente' }],
    tercero: {
      telefono: user.telefono,
      nombres: user.nombres,
      apellidos: user.apellidos,
      correo: user.email,
    },
  };
}

export function toLoginResponse(user: UserRow, token: string): LoginResponse {
  return { access_token: token, token, ...toUserInfo(user) };
}
