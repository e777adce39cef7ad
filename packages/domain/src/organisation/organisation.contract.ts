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

/** Accepting an invitation: the token from the link; a new account also needs a name and a password. */
export const invitationAcceptSchema = z.object({
  token: z
    .string()
    .trim()
    .min(20)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, { error: ORGANISATION_MSG.invitationInvalid }),
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

/** GET /api/togo/empresa/mi-membresia/: the web fleet guard stores it after sign-in (issue 16). */
export const myMembershipSchema = z.object({
  empresa: z.string(),
  rol: z.enum(ORGANISATION_ROLES),
});
export type MyMembership = z.infer<typeof myMembershipSchema>;
