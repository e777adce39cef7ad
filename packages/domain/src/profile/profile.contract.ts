import { z } from 'zod';
import { userInfoResponseSchema } from '../auth/user-info.contract.ts';
import { MSG, NAME_PATTERN, OTP_PATTERN } from '../auth/auth.rules.ts';
import { containsLink, LINK_REFUSED_MSG } from '../user-links.ts';

/**
 * Profile changes (SPPF §7 "PATCH api/users-admin-manager/{userId}/"). The body is one of: an email change,
 * a name change, or a multipart profile_picture. Field names are the spec's ('intermediaryy' and
 * 'bussines_name' included).
 */

export const PROFILE_MSG = {
  required: MSG.required,
  emailInvalid: MSG.emailInvalid,
  emailTaken: MSG.emailTaken,
  lettersOnly: MSG.lettersOnly,
  pictureRequired: 'Debes adjuntar una imagen.',
  pictureType: 'La imagen debe ser JPG o PNG.',
  pictureTooLarge: 'La imagen no puede superar 5 MB.',
  pictureDamaged: 'La imagen está dañada o no se puede leer.',
  emailCodeSent: 'Te enviamos un código al nuevo correo. Tu correo cambiará cuando lo verifiques.',
  emailVerified: 'Tu correo se actualizó correctamente.',
  emailNoPending: 'No tienes un cambio de correo pendiente. Solicítalo de nuevo.',
  codeFormat: 'El código debe tener 4 dígitos.',
  tooManyEmailChanges:
    'Ya pediste 5 cambios de correo en las últimas 24 horas, el máximo permitido. Intenta de nuevo más tarde.',
} as const;

/** Largest accepted profile picture upload (bytes); larger uploads answer 413. */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** Longest side of a stored profile picture (px). */
export const PROFILE_PICTURE_MAX_SIDE = 512;

const required = { error: PROFILE_MSG.required };
const email = () =>
  z
    .string(required)
    .trim()
    .toLowerCase()
    .min(1, PROFILE_MSG.required)
    .pipe(z.email({ error: PROFILE_MSG.emailInvalid }).max(254));
const name = () =>
  z
    .string(required)
    .trim()
    .min(1, { error: PROFILE_MSG.required, abort: true })
    .max(80, 'Máximo 80 caracteres.')
    .regex(NAME_PATTERN, PROFILE_MSG.lettersOnly);

/** { email, username, intermediaryy: { email } } — the account's email (also its username), lower-case. */
export const profileEmailChangeSchema = z.object({
  email: email(),
  username: z.string().max(254).optional(),
  intermediaryy: z.object({ email: z.string().max(254).optional() }).optional(),
});
export type ProfileEmailChange = z.input<typeof profileEmailChangeSchema>;

/** { first_name, last_name, intermediaryy: { first_name, last_name, bussines_name } } */
export const profileNameChangeSchema = z.object({
  first_name: name(),
  last_name: name(),
  intermediaryy: z
    .object({
      first_name: z.string().max(80).optional(),
      last_name: z.string().max(80).optional(),
      // A company name reaches other people's inboxes (invitations): no links (issue 35, finding 5).
      bussines_name: z
        .string()
        .max(200)
        .refine((v) => !containsLink(v), LINK_REFUSED_MSG)
        .nullable()
        .optional(),
    })
    .optional(),
});
export type ProfileNameChange = z.input<typeof profileNameChangeSchema>;

/** Which change a JSON body asks for: by its keys, as the product's forms send them. */
export function profileChangeKind(body: unknown): 'email' | 'name' | 'other' {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'other';
  if ('email' in body) return 'email';
  if ('first_name' in body || 'last_name' in body) return 'name';
  return 'other';
}

/** POST users-admin-manager/{id}/verificar-correo/ {codigo}: applies the pending email change. */
export const emailVerifySchema = z.object({
  codigo: z.string(required).trim().regex(OTP_PATTERN, PROFILE_MSG.codeFormat),
});
export type EmailVerify = z.input<typeof emailVerifySchema>;

/**
 * The answer of every profile change: the full user info (user-info.contract's userInfoResponseSchema). After an
 * email change, `email` is still the current (verified) address; `correo_pendiente` is the address waiting for
 * its code and `otp` describes the code sent to it (as solicitar-codigo-otp does). Both are additive.
 */
export const profileResponseSchema = userInfoResponseSchema.extend({
  correo_pendiente: z.string().nullable().optional(),
  detail: z.string().optional(),
  otp: z
    .object({
      canal: z.array(z.enum(['email', 'sms'])),
      destino: z.string(),
      vigencia_segundos: z.number().int(),
      reenvio_segundos: z.number().int(),
    })
    .optional(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
