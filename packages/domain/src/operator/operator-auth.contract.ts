import { z } from 'zod';

/**
 * Operator console: staff roles, sign-in, enrolment and staff management (issue 13). Staff accounts are not
 * drivers' accounts; their tokens only work under /api/operador/.
 */
export const STAFF_ROLES = ['admin', 'operaciones', 'contenido', 'soporte'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'Rol inválido.' });
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const OPERATOR_MSG = {
  badCredentials: 'Correo o clave incorrectos.',
  totpRequired: 'Ingresa el código de verificación de tu aplicación autenticadora.',
  totpInvalid: 'El código de verificación no es válido.',
  totpEnrolFirst: 'Activa la verificación en dos pasos antes de continuar.',
  locked: 'Cuenta bloqueada por demasiados intentos fallidos. Intenta de nuevo más tarde.',
  invitationInvalid: 'La invitación no es válida o ya fue usada.',
  emailTaken: 'Ya existe un miembro del equipo con este correo.',
  notStaff: 'Token de operador inválido o expirado.',
  transitionNotAllowed: 'El agendamiento no admite ese cambio de estado.',
  closureExists: 'La sede ya está cerrada ese día.',
  versionNotFound: 'Versión no encontrada.',
} as const;

/** No NUL bytes, trimmed, bounded. */
export const staffText = (max: number) =>
  z
    .string({ error: 'Este campo es requerido.' })
    .trim()
    .min(1, 'Este campo es requerido.')
    .max(max, `Máximo ${max} caracteres.`)
    .refine((v) => !v.includes('\u0000'), 'Caracteres no permitidos.');

export const staffEmailSchema = z
  .string({ error: 'Este campo es requerido.' })
  .trim()
  .max(254, 'Máximo 254 caracteres.')
  .pipe(z.email({ error: 'Ingresa un correo válido.' }))
  .transform((v) => v.toLowerCase());

export const staffPasswordSchema = z
  .string({ error: 'Este campo es requerido.' })
  .min(8, 'La clave debe tener al menos 8 caracteres.')
  .max(128, 'Máximo 128 caracteres.')
  .refine((v) => !v.includes('\u0000'), 'Caracteres no permitidos.');

export const totpCodeSchema = z.string().regex(/^\d{6}$/, 'El código tiene 6 dígitos.');

export const operatorLoginSchema = z.strictObject({
  correo: staffEmailSchema,
  clave: z.string({ error: 'Este campo es requerido.' }).min(1, 'Este campo es requerido.').max(128),
  codigo_totp: totpCodeSchema.optional(),
});
export type OperatorLogin = z.input<typeof operatorLoginSchema>;

export const operatorSessionSchema = z.object({
  token: z.string(),
  rol: staffRoleSchema,
  nombre: z.string(),
  /** True when the role requires TOTP and it is not enrolled yet: only enrolment is allowed. */
  totp_pendiente: z.boolean(),
});
export type OperatorSession = z.infer<typeof operatorSessionSchema>;

export const staffMemberSchema = z.object({
  id: z.number().int(),
  correo: z.string(),
  nombre: z.string(),
  rol: staffRoleSchema,
  activo: z.boolean(),
  totp: z.boolean(),
  invitacion_pendiente: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const totpEnrolmentSchema = z.object({
  secreto: z.string(),
  uri: z.string(),
  /** PNG data URL of the otpauth:// URI. */
  qr: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const totpConfirmSchema = z.strictObject({ codigo: totpCodeSchema });

export const staffInviteSchema = z.strictObject({
  correo: staffEmailSchema,
  nombre: staffText(120),
  rol: staffRoleSchema,
});

export const staffUpdateSchema = z
  .strictObject({ rol: staffRoleSchema.optional(), activo: z.boolean().optional() })
  .refine((v) => v.rol !== undefined || v.activo !== undefined, { message: 'Nada que actualizar.' });

export const acceptInvitationSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Invitación inválida.'),
  clave: staffPasswordSchema,
});
