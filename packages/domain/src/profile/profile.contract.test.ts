import { describe, expect, it } from 'vitest';
import { userInfoResponseSchema } from '../auth/user-info.contract.ts';
import { profileResponseSchema } from './profile.contract.ts';

/** The user info as the API's toUserInfo (accounts/user.mapper.ts) writes it. */
const USER_INFO = {
  id: 12,
  username: 'ana@correo.com',
  email: 'ana@correo.com',
  nombres: 'Ana',
  apellidos: 'Pérez',
  first_name: 'Ana',
  last_name: 'Pérez',
  profile_picture: null,
  is_first_login_togo: false,
  ids_roles: [1],
  groups: [{ id: 1, name: 'Cliente' }],
  tercero: {
    telefono: null,
    nombres: 'Ana',
    apellidos: 'Pérez',
    correo: 'ana@correo.com',
    razon_social: null,
  },
};

describe('user info and profile answers', () => {
  it('the user info has no token; a login answer parses to it without its tokens', () => {
    expect(userInfoResponseSchema.parse(USER_INFO)).toEqual(USER_INFO);
    expect(userInfoResponseSchema.parse({ ...USER_INFO, token: 't', access_token: 't' })).toEqual(USER_INFO);
    expect(userInfoResponseSchema.safeParse({ ...USER_INFO, groups: undefined }).success).toBe(false);
  });

  it('a profile answer is the user info with the pending email and the code sent', () => {
    const answer = {
      ...USER_INFO,
      correo_pendiente: 'nueva@correo.com',
      detail: 'Te enviamos un código al nuevo correo.',
      otp: { canal: ['email'], destino: '***va@correo.com', vigencia_segundos: 120, reenvio_segundos: 60 },
    };
    expect(profileResponseSchema.parse(answer)).toEqual(answer);
    expect(profileResponseSchema.parse(USER_INFO)).toEqual(USER_INFO);
    expect(profileResponseSchema.safeParse({ email: 'ana@correo.com', profile_picture: null }).success).toBe(
      false,
    );
  });
});
