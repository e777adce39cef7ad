import { z } from 'zod';
import { MSG, NAME_PATTERN } from '../auth/auth.rules.ts';
import { FLEET_MSG } from '../fleet/fleet.constants.ts';
import { ORGANISATION_ROLES } from './organisation.roles.ts';

/** Organisation members (issue 16, docs/decisions/026-fleet-organisation.md). */

export { ORGANISATION_PATHS, ORGANISATION_ROLES, type OrganisationRole } from './organisation.roles.ts';
export const MEMBER_STATES = ['invitado', 'activo'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];

/** Days an invitation link stays valid. */
export const INVITATION_TTL_DAYS = 7;

export const ORGANISATION_MSG = {
  notMember: FLEET_MSG.companyOnly,
  adminOnly: 'Solo un administrador de la empresa puede gestionar los miembros.',
  readOnly: 'Tu rol de consulta solo permite ver la información de la flota.',
  roleInvalid: 'Rol no válido. Usa administrador, operador o consulta.',
  emailInvalid: 'Introduzca una dirección de correo electrónico válida.',
  alreadyMember: 'Esa persona ya es miembro de la empresa.',
  otherCompany: 'Ese correo pertenece a la cuenta de otra empresa.',
  cannotRemoveSelf: 'No puedes eliminarte a ti mismo de la empresa.',
  invitationInvalid: 'La invitación no es válida o ya expiró.',
  passwordRequired: 'Crea una contraseña de al menos 8 caracteres para tu cuenta.',
  nameRequired: 'Escribe tu nombre.',
  noNul: 'Este campo contiene caracteres no permitidos.',
  invitationUnknown:
    'No encontramos esta invitación. Revisa el enlace del correo o pide a la empresa una nueva invitación.',
  tooManyInvitationReads: (wait: string) =>
    `Demasiadas consultas de invitaciones desde tu conexión. Intenta de nuevo en ${wait}.`,
  tooManyInvitations:
    'Tu empresa ya envió 20 invitaciones en la última hora, el máximo permitido. Intenta de nuevo más tarde.',
} as const;

const noNul = (s: string) => !s.includes('\u0000');

export const memberInviteSchema = z.object({
  correo: z
    .string({ error: ORGANISATION_MSG.emailInvalid })
    .trim()
    .toLowerCase()
    .max(254, { error: ORGANISATION_MSG.emailInvalid })
    .refine(noNul, { error: ORGANISATION_MSG.noNul })
    .pipe(z.email({ error: ORGANISATION_MSG.emailInvalid })),
  rol: z.enum(ORGANISATION_ROLES, { error: ORGANISATION_MSG.roleInvalid }),
});
export type MemberInvite = z.infer<typeof memberInviteSchema>;

export const memberSchema = z.object({
  id: z.number().int(),
  correo: z.string(),
  rol: z.enum(ORGANISATION_ROLES),
  estado: z.enum(MEMBER_STATES),
});
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = z.array(memberSchema);

const personName = () =>
  z
    .string()
    .trim()
    .max(80, { error: 'Máximo 80 caracteres.' })
    .refine((v) => v === '' || NAME_PATTERN.test(v), { error: MSG.lettersOnly });

/** The one-time token of an invitation link (newToken: base64url). */
const invitationToken = () =>
  z
    .string({ error: ORGANISATION_MSG.invitationInvalid })
    .trim()
    .min(20, { error: ORGANISATION_MSG.invitationInvalid })
    .max(100, { error: ORGANISATION_MSG.invitationInvalid })
    .regex(/^[A-Za-z0-9_-]+$/, { error: ORGANISATION_MSG.invitationInvalid });

/** Accepting an invitation: the token from the link; a new account also needs a name and a password. */
export const invitationAcceptSchema = z.object({
  token: invitationToken(),
  // The sign-up's name rules (letters and spaces, 80 at most): no formula, markup or direction override is stored
  // (issue 35, finding 7). An empty name is left to the service (an existing account needs none).
  nombres: personName().optional(),
  apellidos: personName().optional(),
  password: z.string().max(128).refine(noNul, { error: ORGANISATION_MSG.noNul }).optional(),
});
export type InvitationAccept = z.infer<typeof invitationAcceptSchema>;

export const invitationAcceptedSchema = z.object({
  empresa: z.string(),
  rol: z.enum(ORGANISATION_ROLES),
  cuenta_nueva: z.boolean(),
});
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;

/** GET /api/togo/empresa/invitacion/?token=…: the link's query. */
export const invitationQuerySchema = z.object({ token: invitationToken() });

/** vigente: it can be accepted; expirada: its 7 days passed; usada: it was accepted already (decision 105). */
export const INVITATION_STATES = ['vigente', 'expirada', 'usada'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/**
 * An invitation as its page shows it before anything is typed. The invited e-mail, and whether it already has a
 * TOGO account, only while the invitation is vigente (the link's holder received it at that address).
 */
export const invitationPreviewSchema = z.object({
  empresa: z.string(),
  rol: z.enum(ORGANISATION_ROLES),
  estado: z.enum(INVITATION_STATES),
  correo: z.string().nullable(),
  cuenta_existente: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** GET /api/togo/empresa/invitaciones/: the pending invitations sent to the signed-in user's verified e-mail. */
export const pendingInvitationSchema = z.object({
  id: z.number().int(),
  empresa: z.string(),
  rol: z.enum(ORGANISATION_ROLES),
  /** ISO date-time the invitation expires. */
  vence: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;
export const pendingInvitationListSchema = z.array(pendingInvitationSchema);

/** GET /api/togo/empresa/mi-membresia/: the web fleet guard stores it after sign-in (issue 16). */
export const myMembershipSchema = z.object({
  empresa: z.string(),
  rol: z.enum(ORGANISATION_ROLES),
});
export type MyMembership = z.infer<typeof myMembershipSchema>;
