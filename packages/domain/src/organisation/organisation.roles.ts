/**
 * The organisation's member roles, in a module without zod: the web's entry chunk reads the stored membership
 * at start-up and must not pull zod in with the contract (initial JS budget, issue 18).
 */
export const ORGANISATION_ROLES = ['administrador', 'operador', 'consulta'] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];

/** The organisation calls (here, beside the roles, so the sign-in reads the membership without zod). */
export const ORGANISATION_PATHS = {
  members: '/api/togo/empresa/miembros/',
  member: (id: number) => `/api/togo/empresa/miembros/${id}/`,
  accept: '/api/togo/empresa/miembros/aceptar/',
  /** The caller's own membership: which organisation they act for and with which role (403 when none). */
  mine: '/api/togo/empresa/mi-membresia/',
  /** An invitation as its emailed link shows it (`?token=…`, no session: the token is the credential). */
  invitation: '/api/togo/empresa/invitacion/',
  /** The signed-in user's pending invitations (sent to their verified e-mail): the offer after sign-in. */
  pending: '/api/togo/empresa/invitaciones/',
  /** Accepts one of those pending invitations with the session (no token). */
  acceptPending: (id: number) => `/api/togo/empresa/invitaciones/${id}/aceptar/`,
} as const;

/** True when `value` has the shape of a stored membership `{empresa, rol}`. */
export function isMembership(value: unknown): value is { empresa: string; rol: OrganisationRole } {
  if (typeof value !== 'object' || value === null) return false;
  const { empresa, rol } = value as Record<string, unknown>;
  return typeof empresa === 'string' && (ORGANISATION_ROLES as readonly unknown[]).includes(rol);
}
