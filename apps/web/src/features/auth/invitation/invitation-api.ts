import { queryOptions } from '@tanstack/react-query';
import {
  ORGANISATION_PATHS,
  invitationAcceptedSchema,
  invitationPreviewSchema,
  pendingInvitationListSchema,
  type InvitationAccept,
  type InvitationAccepted,
  type OrganisationRole,
} from '@togo/domain/organisation/organisation.contract';
import { apiParse } from '../../../lib/api-client.ts';

/** How the invitation screens name a role. */
export const ROLE_LABELS: Record<OrganisationRole, string> = {
  administrador: 'administrador',
  operador: 'operador',
  consulta: 'consulta (solo lectura)',
};

/** GET empresa/invitacion/?token=… → the company, the role and the state, before anything is typed. */
export const invitationPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) =>
      apiParse(
        invitationPreviewSchema,
        `${ORGANISATION_PATHS.invitation}?token=${encodeURIComponent(token)}`,
        { signal },
      ),
    // A 404 or a 429 will not change by asking again at once; the screen offers 'Reintentar' for the rest.
    retry: false,
    staleTime: 0,
  });

/** POST empresa/miembros/aceptar/ {token, nombres?, apellidos?, password?} → {empresa, rol, cuenta_nueva}. */
export function acceptInvitation(body: InvitationAccept): Promise<InvitationAccepted> {
  return apiParse(invitationAcceptedSchema, ORGANISATION_PATHS.accept, { method: 'POST', body });
}

/** GET empresa/invitaciones/ → the signed-in person's pending invitations. */
export const pendingInvitationsQuery = queryOptions({
  queryKey: ['invitations', 'pending'],
  queryFn: ({ signal }) => apiParse(pendingInvitationListSchema, ORGANISATION_PATHS.pending, { signal }),
  staleTime: 0,
});

/** POST empresa/invitaciones/{id}/aceptar/ with the session. */
export function acceptPendingInvitation(id: number): Promise<InvitationAccepted> {
  return apiParse(invitationAcceptedSchema, ORGANISATION_PATHS.acceptPending(id), { method: 'POST' });
}
