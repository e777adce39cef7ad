import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { getFleetMembership, setFleetMembership } from '../../../lib/storage.ts';
import { useLogout } from '../../../lib/use-logout.ts';
import { isNoAccess, NO_ACCESS_TITLE } from '../fleet-access.ts';

/**
 * What a removed member sees instead of the fleet area (issue 37, decision 106): the company's administrador took
 * them out of its members. 'Ir a TOGO' forgets the stored membership and opens their own area; they may also sign
 * out.
 */
export function NoAccess() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const empresa = getFleetMembership()?.empresa;

  const leave = () => {
    setFleetMembership(null);
    // The refused reads go with it: a later membership (a new invitation) starts clean.
    queryClient.removeQueries({
      predicate: (query) => isNoAccess(query.state.error) || isNoAccess(query.state.fetchFailureReason),
    });
    queryClient.getMutationCache().clear();
    void navigate('/app/home', { replace: true });
  };

  return (
    <main className="page page--auth">
      <section className="auth-card error-page" aria-labelledby="no-access-title">
        <h1 id="no-access-title" className="page-header__title">
          {NO_ACCESS_TITLE}
        </h1>
        <p className="lead">
          {empresa
            ? `Un administrador de «${empresa}» te quitó de los miembros de su flota.`
            : 'Un administrador de la empresa te quitó de los miembros de su flota.'}{' '}
          Si crees que es un error, pídele que te invite de nuevo.
        </p>
        <button type="button" className="btn btn--primary btn--block" onClick={leave}>
          Ir a TOGO
        </button>
        <button type="button" className="btn btn--secondary btn--block" onClick={() => void logout()}>
          Cerrar sesión
        </button>
      </section>
    </main>
  );
}
