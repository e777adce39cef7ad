import { z } from 'zod';
import { containsLink, LINK_REFUSED_MSG } from '../user-links.ts';

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
  /** 409 of an invitation to an address whose invitation is still pending: the screen offers to resend it. */
  invitationPending: 'Ya hay una invitación pendiente para este correo.',
  invitationUsed: 'Esta invitación ya fue usada. Inicia sesión con tu correo y tu clave.',
  invitationExpired: 'Esta invitación venció. Pide a un administrador que te la reenvíe.',
  invitationReplaced:
    'Esta invitación fue reemplazada por una más reciente. Usa el enlace del último correo que recibiste.',
  notPendingInvitation: 'Esta persona ya aceptó su invitación.',
  notLocked: 'Esta cuenta no está bloqueada.',
  notStaff: 'Token de operador inválido o expirado.',
  transitionNotAllowed: 'El agendamiento no admite ese cambio de estado.',
  closureExists: 'La sede ya está cerrada ese día.',
  closureRangeExists: 'La sede ya está cerrada todos esos días.',
  versionNotFound: 'Versión no encontrada.',
  totpCurrentRequired: 'Ingresa el código de tu aplicación autenticadora actual.',
  recoveryInvalid: 'El código de recuperación no es válido o ya fue usado.',
  resetSelf: 'No puedes restablecer tu propia verificación en dos pasos; pídeselo a otro administrador.',
  /** 409 of a console write whose If-Match is not the current version (issue 35, finding 10; decision 096). */
  staleVersion:
    'Otra persona guardó cambios mientras editabas. Recarga para ver la versión actual y vuelve a aplicar tus cambios.',
  /** 428 of a console write without If-Match. */
  versionRequired:
    'Falta la versión que leíste (encabezado If-Match). Recarga la página y vuelve a intentarlo.',
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

/** Staff passwords (issue 35, finding 9): 12 characters, and the server refuses common ones (zxcvbn). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_MSG = {
  tooShort: `La clave debe tener al menos ${STAFF_PASSWORD_MIN_LENGTH} caracteres.`,
  common: 'Esa clave es muy común o fácil de adivinar. Usa una frase de varias palabras.',
} as const;

export const staffPasswordSchema = z
  .string({ error: 'Este campo es requerido.' })
  .min(STAFF_PASSWORD_MIN_LENGTH, STAFF_PASSWORD_MSG.tooShort)
  .max(128, 'Máximo 128 caracteres.')
  .refine((v) => !v.includes('\u0000'), 'Caracteres no permitidos.');

export const totpCodeSchema = z.string().regex(/^\d{6}$/, 'El código tiene 6 dígitos.');

/** How many single-use recovery codes an enrolment gives (decision 065). */
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code: 10 letters/digits of base32, shown as two groups of five ('abcde-fghij'). */
export const recoveryCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z2-7]{5}-?[a-z2-7]{5}$/, 'El código de recuperación tiene 10 letras y números.')
  .transform((v) => v.replace('-', ''));

export const operatorLoginSchema = z.strictObject({
  correo: staffEmailSchema,
  clave: z.string({ error: 'Este campo es requerido.' }).min(1, 'Este campo es requerido.').max(128),
  codigo_totp: totpCodeSchema.optional(),
  /** Instead of codigo_totp: one of the enrolment's recovery codes, used once. */
  codigo_recuperacion: recoveryCodeSchema.optional(),
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
  /** Locked by failed sign-ins (decision 065's lock-out) until `bloqueado_hasta`; an admin may unlock it. */
  bloqueado: z.boolean(),
  /** Incremented by each role or state change, sent back as If-Match by the next one (decision 096). */
  version: z.number().int(),
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

/** POST /api/operador/totp/: a new enrolment; with TOTP already on, the current code is required. */
export const totpStartSchema = z.strictObject({ codigo_totp: totpCodeSchema.optional() }).optional();

/** 200 of POST /api/operador/totp/confirmar/: the recovery codes, shown once. */
export const totpConfirmedSchema = z.object({
  totp: z.literal(true),
  codigos_recuperacion: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});
export type TotpConfirmed = z.infer<typeof totpConfirmedSchema>;

/** 200 of an admin's reset of a colleague's second factor. */
export const totpResetSchema = z.object({ id: z.number().int(), totp: z.literal(false) });

export const staffInviteSchema = z.strictObject({
  correo: staffEmailSchema,
  // The name is written into the invitation e-mail: no links (issue 35, finding 5).
  nombre: staffText(120).refine((v) => !containsLink(v), LINK_REFUSED_MSG),
  rol: staffRoleSchema,
});

export const staffUpdateSchema = z
  .strictObject({ rol: staffRoleSchema.optional(), activo: z.boolean().optional() })
  .refine((v) => v.rol !== undefined || v.activo !== undefined, { message: 'Nada que actualizar.' });

export const acceptInvitationSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Invitación inválida.'),
  clave: staffPasswordSchema,
});

/** Why an invitation link no longer works (GET /api/operador/invitacion/?token=…, 410). */
export const INVITATION_STATES = ['invalida', 'usada', 'vencida', 'reemplazada'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** GET /api/operador/invitacion/?token=…: 200 for a live link, else 410 with `estado` and `detail`. */
export const invitationQuerySchema = z.object({ token: z.string().max(200) });
export const invitationLiveSchema = z.object({ correo: z.string(), nombre: z.string() });
export const invitationGoneSchema = z.object({ detail: z.string(), estado: z.enum(INVITATION_STATES) });

/** 409 of POST /api/operador/staff/ for an address whose invitation is pending: its member, to resend. */
export const invitationPendingSchema = z.object({ detail: z.string(), staff_id: z.number().int() });
