import { z } from 'zod';

/**
 * The user info the API answers (accounts/user.mapper.ts's toUserInfo): GET api/togo/users/confirmar_inicio_sesion/
 * and PATCH api/users-admin-manager/{id}/ (user type, names, picture; the email change adds to it:
 * profile.contract); with the token it is the login answer (auth.contract). Apart from auth.contract so that the
 * screens that parse it do not load the sign-in's request schemas, nor what they use of auth.rules, into the
 * chunks the sign-in shares (decision 043).
 */
export const groupSchema = z.object({ id: z.number().int(), name: z.string() });

export const userInfoResponseSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  profile_picture: z.string().nullable(),
  is_first_login_togo: z.boolean(),
  ids_roles: z.array(z.number().int()),
  groups: z.array(groupSchema),
  tercero: z.object({
    telefono: z.string().nullable(),
    nombres: z.string(),
    apellidos: z.string(),
    correo: z.string(),
    razon_social: z.string().nullable().optional(),
  }),
});
export type UserInfoResponse = z.infer<typeof userInfoResponseSchema>;
