import { z } from 'zod';
import { boundedId, boundedInt } from '../input-limits.ts';
import { GROUP_CLIENT, GROUP_COMPANY } from '../roles.ts';
import {
  APP_IDENTIFIER,
  MSG,
  NAME_PATTERN,
  OTP_PATTERN,
  OTP_PROCESSES,
  PASSWORD_MIN_LENGTH,
  PHONE_PATTERN,
} from './auth.rules.ts';
import { containsLink, LINK_REFUSED_MSG } from '../user-links.ts';
import { userInfoResponseSchema } from './user-info.contract.ts';

/** Wire contract of the access API (AHGA §3 and §7). Field names are the spec's. */

const required = { error: MSG.required };
const trimmed = () => z.string(required).trim();
const requiredText = () => trimmed().min(1, MSG.required);
const email = () =>
  trimmed()
    .toLowerCase()
    .pipe(z.email({ error: MSG.emailInvalid }).max(254));
const phone = () => trimmed().regex(PHONE_PATTERN, MSG.phoneDigits);
const password = () =>
  z
    .string(required)
    .min(PASSWORD_MIN_LENGTH, `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`)
    .max(128, 'La contraseña no puede tener más de 128 caracteres.');
const name = () => requiredText().max(80).regex(NAME_PATTERN, MSG.lettersOnly);
/** users.id is a serial (int4): a larger id is a 400, never a query that overflows. */
const userId = () => boundedId('integer').optional().nullable();
const processSchema = z.enum(OTP_PROCESSES, { error: 'Proceso no válido.' });

export const loginRequestSchema = z.object({
  email: requiredText().max(254),
  password: z.string(required).min(1, MSG.required).max(128),
  usuario_id: userId(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export { groupSchema, userInfoResponseSchema, type UserInfoResponse } from './user-info.contract.ts';

/** The login answer: the token and the user info. */
export const loginResponseSchema = z.object({
  access_token: z.string(),
  token: z.string(),
  ...userInfoResponseSchema.shape,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
/** What the web app stores under the localStorage key userInfo. */
export type UserInfo = Omit<LoginResponse, 'access_token' | 'token'> & {
  access_token?: string;
  token?: string;
  /** A requested email change waiting for its code (profile answers only). */
  correo_pendiente?: string | null;
};

export const accountOptionSchema = z.object({ correo: z.string(), id: z.number().int() });
export const multipleAccountsSchema = z.object({
  detalles: z.string(),
  opciones: z.array(accountOptionSchema),
});
export type MultipleAccounts = z.infer<typeof multipleAccountsSchema>;

export const validateUsernameSchema = z.object({ username: email() });

export const signupRequestSchema = z
  .object({
    email: email(),
    password: password(),
    password_confirmation: z.string(required),
    codigo_otp: trimmed().regex(OTP_PATTERN, 'El código debe tener 4 dígitos.'),
    group: boundedInt('smallint').optional(),
    cliente_ids: z.array(z.unknown()).max(0).optional(),
    profile_picture_base64: z.null().optional(),
    center: boundedInt('integer').optional(),
    id_user_v2: boundedInt('integer').optional(),
    is_mia: z.boolean().optional(),
    is_resting: z.boolean().optional(),
    operation_area: z.null().optional(),
    range_inspector: z.null().optional(),
    /**
     * Ley 1581 (issue 36): the data-processing policy the driver accepted, `{version, aceptada: true}`. Optional:
     * the spec's payload without it stays valid and is recorded as not given.
     */
    politica_datos: z
      .object({
        version: trimmed().min(1, MSG.required).max(20),
        aceptada: z.boolean({ error: 'Debe ser verdadero o falso.' }),
      })
      .optional(),
    tercero: z.object(
      {
        identificacion: trimmed().max(20).optional(),
        telefono: phone(),
        tipo_documento: trimmed().max(5).optional(),
        ubic_geo_nv1: boundedInt('integer').optional().nullable(),
        ubic_geo_nv2: boundedInt('integer').optional().nullable(),
        ubic_geo_nv3: boundedInt('integer').optional().nullable(),
        nombres: name(),
        apellidos: name(),
        // A company name reaches other people's inboxes (invitations): no links (issue 35, finding 5).
        razon_social: z
          .string()
          .max(200)
          .refine((v) => !containsLink(v), LINK_REFUSED_MSG)
          .nullable()
          .optional(),
        direccion: z.string().max(200).nullable().optional(),
        id_v2: z.unknown().optional(),
      },
      required,
    ),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: MSG.passwordsDiffer,
  });
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const otpRequestSchema = z.discriminatedUnion(
  'proceso',
  [
    z.object({
      proceso: z.literal('REGISTRO_USUARIO'),
      correo: email(),
      numero_telefono: phone(),
      usuario_id: userId(),
      aplicacion: z.string().max(50).default(APP_IDENTIFIER),
    }),
    z.object({
      proceso: z.literal('RESETEAR_CLAVE'),
      identificador: requiredText().max(254),
      usuario_id: userId(),
      aplicacion: z.string().max(50).default(APP_IDENTIFIER),
    }),
  ],
  { error: 'Proceso no válido.' },
);
export type OtpRequest = z.input<typeof otpRequestSchema>;

export const otpResponseSchema = z.object({
  detail: z.string(),
  otp: z.object({
    canal: z.array(z.enum(['email', 'sms'])),
    destino: z.string(),
    vigencia_segundos: z.number().int(),
    reenvio_segundos: z.number().int(),
  }),
});
export type OtpResponse = z.infer<typeof otpResponseSchema>;

/** 200 of verificar-codigo-otp. */
export const otpVerifiedSchema = z.object({ detail: z.string(), verificado: z.boolean() });
export type OtpVerified = z.infer<typeof otpVerifiedSchema>;

/** 201 of signup. */
export const signupResponseSchema = z.object({ id: z.number().int(), email: z.string(), detail: z.string() });
export type SignupResponse = z.infer<typeof signupResponseSchema>;

/** 200 of validar-username. */
export const usernameAvailabilitySchema = z.object({ disponible: z.boolean() });

export const otpVerifySchema = z.object({
  codigo: trimmed().regex(OTP_PATTERN, 'El código debe tener 4 dígitos.'),
  identificador: requiredText().max(254),
  usuario_id: userId(),
  proceso: processSchema,
});
export type OtpVerify = z.input<typeof otpVerifySchema>;

export const resetPasswordSchema = z
  .object({
    identificador: requiredText().max(254),
    codigo_otp: trimmed().regex(OTP_PATTERN, 'El código debe tener 4 dígitos.'),
    clave: password(),
    confirmar_clave: z.string(required),
    usuario_id: userId(),
  })
  .refine((v) => v.clave === v.confirmar_clave, {
    path: ['confirmar_clave'],
    error: 'Las contraseñas no coinciden.',
  });
export type ResetPassword = z.input<typeof resetPasswordSchema>;

export const socialLoginSchema = z.object({ token: requiredText().max(8192) });
export const socialProviderSchema = z.enum(['google', 'facebook'], { error: 'Proveedor no soportado.' });
export type SocialProvider = z.infer<typeof socialProviderSchema>;

export const userTypeChangeSchema = z.object({
  groups: z
    .array(
      boundedInt('smallint').refine((g) => g === GROUP_CLIENT || g === GROUP_COMPANY, 'Grupo no válido.'),
    )
    .length(1, 'Debe indicar exactamente un grupo.')
    .optional(),
  is_first_login_togo: z.boolean({ error: 'Debe ser verdadero o falso.' }).optional(),
});
export type UserTypeChange = z.input<typeof userTypeChangeSchema>;

export const logoutSchema = z.object({ token: z.string().max(200).optional() });
