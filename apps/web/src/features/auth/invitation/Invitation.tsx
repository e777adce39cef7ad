import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { errorDetail, isApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { invitationPreviewQuery } from './invitation-api.ts';
import { InvitationForm } from './InvitationForm.tsx';
import { InvitationFrame } from './InvitationFrame.tsx';

/** The shape of the link's token (the API checks it too): anything else is not asked about. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

const toLogin = (
  <Link to="/auth/login" className="btn btn--secondary btn--block">
    Iniciar sesión
  </Link>
);

/**
 * /empresa/invitacion?token=… (issue 37): the page of the e-mailed link. It reads the invitation first, so an
 * expired or used link says so before anything is typed; a valid one shows the company and the role, and lets a
 * new person create their account, or an existing one sign in, and accept (decision 105).
 */
export function InvitationRoute() {
  usePageTitle('Invitación a una flota');
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const wellFormed = TOKEN_SHAPE.test(token);
  const query = useQuery({ ...invitationPreviewQuery(token), enabled: wellFormed });

  if (!wellFormed) {
    return (
      <InvitationFrame
        title="Invitación no válida"
        lead="El enlace está incompleto. Ábrelo de nuevo desde el correo o pide a la empresa una nueva invitación."
      >
        {toLogin}
      </InvitationFrame>
    );
  }

  if (query.isPending) {
    return (
      <InvitationFrame title="Invitación a una flota">
        <TruckLoader text="Consultando la invitación..." />
      </InvitationFrame>
    );
  }

  if (query.isError) {
    const status = isApiError(query.error) ? query.error.status : 0;
    if (status === 404 || status === 400) {
      return (
        <InvitationFrame
          title="Invitación no válida"
          lead={errorDetail(query.error) ?? 'No encontramos esta invitación.'}
        >
          {toLogin}
        </InvitationFrame>
      );
    }
    return (
      <InvitationFrame
        title="No pudimos cargar la invitación"
        lead={status === 429 ? errorDetail(query.error) : 'Revisa tu conexión a internet e intenta de nuevo.'}
      >
        <button type="button" className="btn btn--primary btn--block" onClick={() => void query.refetch()}>
          Reintentar
        </button>
      </InvitationFrame>
    );
  }

  const invitation = query.data;
  const empresa = invitation.empresa || 'la empresa';
  if (invitation.estado === 'expirada') {
    return (
      <InvitationFrame
        title="Esta invitación expiró"
        lead={`La invitación a la flota de «${empresa}» ya no es válida: cada enlace dura 7 días. Pide a un administrador de la empresa que te envíe una nueva.`}
      >
        {toLogin}
      </InvitationFrame>
    );
  }
  if (invitation.estado === 'usada' || invitation.correo === null) {
    return (
      <InvitationFrame
        title="Esta invitación ya fue aceptada"
        lead={`Este enlace ya se usó para unirse a la flota de «${empresa}» y solo sirve una vez. Si fuiste tú, inicia sesión con tu cuenta.`}
      >
        {toLogin}
      </InvitationFrame>
    );
  }
  return <InvitationForm token={token} invitation={{ ...invitation, correo: invitation.correo }} />;
}
