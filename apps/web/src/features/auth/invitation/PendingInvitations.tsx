import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { errorDetail } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/formatters.ts';
import { getFleetMembership, getUserInfo, setFleetMembership } from '../../../lib/storage.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { isMobileUserAgent } from '../../../lib/user-agent.ts';
import { destinationAfterLogin, fetchMembership } from '../post-login.ts';
import { acceptPendingInvitation, pendingInvitationsQuery, ROLE_LABELS } from './invitation-api.ts';
import { InvitationFrame } from './InvitationFrame.tsx';
import './invitation.css';

/** Where the signed-in person goes next: the fleet once a member, else their usual area. */
function nextPlace(member: boolean): string {
  const user = getUserInfo();
  if (!user) return '/auth';
  return destinationAfterLogin(user, isMobileUserAgent(), member);
}

/**
 * /empresa/invitaciones (decision 105): after sign-in, a person whose verified e-mail was invited to a company's
 * fleet (an account made with the invited address) is offered the invitations: 'Aceptar' joins the fleet with
 * the role, 'Ahora no' goes on to their usual area.
 */
export function PendingInvitationsRoute() {
  usePageTitle('Invitaciones a flotas');
  const navigate = useNavigate();
  const query = useQuery(pendingInvitationsQuery);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const later = nextPlace(getFleetMembership() !== null);

  async function accept(id: number) {
    setAlert(null);
    setBusyId(id);
    try {
      await acceptPendingInvitation(id);
      const membership = await fetchMembership();
      setFleetMembership(membership);
      void navigate(nextPlace(membership !== null), { replace: true });
    } catch (error) {
      setBusyId(null);
      setAlert(errorDetail(error) ?? 'No pudimos aceptar la invitación. Intenta de nuevo.');
      void query.refetch();
    }
  }

  const skip = (
    <Link to={later} replace className="btn btn--secondary btn--block">
      Ahora no
    </Link>
  );

  if (query.isPending) {
    return (
      <InvitationFrame title="Invitaciones a flotas">
        <TruckLoader text="Consultando tus invitaciones..." />
      </InvitationFrame>
    );
  }
  const invitations = query.data ?? [];
  if (query.isError || invitations.length === 0) {
    return (
      <InvitationFrame
        title="Invitaciones a flotas"
        lead={
          query.isError
            ? 'No pudimos consultar tus invitaciones. Puedes aceptarlas después desde el enlace del correo.'
            : 'No tienes invitaciones pendientes.'
        }
      >
        {alert ? (
          <p className="field-error" role="alert">
            {alert}
          </p>
        ) : null}
        <Link to={later} replace className="btn btn--primary btn--block">
          Continuar
        </Link>
      </InvitationFrame>
    );
  }

  return (
    <InvitationFrame
      title={invitations.length === 1 ? 'Tienes una invitación' : 'Tienes invitaciones'}
      lead="Te invitaron a la flota de una empresa en TOGO con el correo de tu cuenta."
    >
      {alert ? (
        <p className="field-error" role="alert">
          {alert}
        </p>
      ) : null}
      <ul className="invitation-list" aria-label="Invitaciones pendientes">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="invitation-list__item">
            <p>
              <strong>«{invitation.empresa}»</strong> te invitó con el rol{' '}
              <strong>{ROLE_LABELS[invitation.rol]}</strong>.
            </p>
            <p className="field__hint">Vence el {formatDateTime(invitation.vence)}.</p>
            <button
              type="button"
              className="btn btn--primary btn--block"
              disabled={busyId !== null}
              aria-label={`Aceptar la invitación de «${invitation.empresa}»`}
              onClick={() => void accept(invitation.id)}
            >
              {busyId === invitation.id ? 'Aceptando…' : 'Aceptar'}
            </button>
          </li>
        ))}
      </ul>
      {skip}
    </InvitationFrame>
  );
}
