import { lazy, type ReactNode } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import type { StaffMe } from '@togo/domain/operator/operator-shell.contract';
import { isApiError } from '../../lib/api-client.ts';
import { operatorErrorMessage } from '../lib/operator-messages.ts';
import { StaffRoleProvider } from '../lib/staff-role.tsx';
import { OperatorLayout } from './OperatorLayout.tsx';
import { useOperatorToken, useStaffMe } from '../lib/session.ts';
import { screensFor } from './shell-screens.ts';
import { ShellLoading } from '../components/ShellLoading.tsx';
import { useRouteLoading } from '../../lib/lazy-screen.ts';
import { screenChunk } from './screen-chunks.ts';

const SignIn = lazy(() => import('../auth/SignIn.tsx'));
const AcceptInvitation = lazy(() => import('../auth/AcceptInvitation.tsx'));
const TotpEnrolment = lazy(() => import('../auth/TotpEnrolment.tsx'));

/**
 * Signed-in area: without a token (never had one, or a 401 anywhere forgot it) back to /ingresar, keeping
 * where we were; a session that must enrol TOTP first goes to /verificacion.
 */
function RequireStaff({ children }: { children: (me: StaffMe) => ReactNode }) {
  const token = useOperatorToken();
  const location = useLocation();
  const me = useStaffMe(token);
  if (!token) {
    return <Navigate to="/ingresar" replace state={{ from: location.pathname + location.search }} />;
  }
  if (me.isPending) return <ShellLoading text="Cargando la consola…" />;
  if (me.isError) {
    if (isApiError(me.error) && me.error.status === 401) return <ShellLoading />;
    return (
      <div className="op-state" role="alert">
        <p>{operatorErrorMessage(me.error, 'No pudimos cargar la consola.')}</p>
        <button type="button" className="btn btn--primary" onClick={() => void me.refetch()}>
          Reintentar
        </button>
      </div>
    );
  }
  if (me.data.totp_pendiente && location.pathname !== '/verificacion') {
    return <Navigate to="/verificacion" replace />;
  }
  return <>{children(me.data)}</>;
}

function NotFound() {
  return (
    <section className="op-screen op-state">
      <h1 className="op-screen__title">Página no encontrada</h1>
      <p>La página no existe o tu rol no tiene acceso a ella.</p>
      <Link to="/" className="btn btn--primary">
        Ir al inicio
      </Link>
    </section>
  );
}

/** The console's routes under /operador: public sign-in screens, then the screens of the signed-in role. */
export function OperatorRoutes() {
  return (
    <Routes>
      <Route path="ingresar" element={<SignIn />} />
      <Route path="invitacion" element={<AcceptInvitation />} />
      <Route path="verificacion" element={<RequireStaff>{() => <TotpEnrolment />}</RequireStaff>} />
      <Route path="*" element={<RequireStaff>{(me) => <SignedIn me={me} />}</RequireStaff>} />
    </Routes>
  );
}

function SignedIn({ me }: { me: StaffMe }) {
  const screens = screensFor(me.rol);
  // Navigations are React transitions: while the next screen's chunk loads, the screen being left stays, with this
  // progress bar.
  const loading = useRouteLoading();
  return (
    <StaffRoleProvider role={me.rol}>
      {loading ? (
        // In a landmark of its own: axe's "region" rule wants all content inside one (issue 36).
        <section aria-label="Carga de la página">
          <div className="route-progress" role="progressbar" aria-label="Cargando" />
        </section>
      ) : null}
      <Routes>
        <Route element={<OperatorLayout me={me} screens={screens} />}>
          {screens.map((screen) => {
            const Screen = screenChunk(screen);
            return screen.path === '' ? (
              <Route key="" index element={<Screen />} />
            ) : (
              <Route key={screen.path} path={`${screen.path}/*`} element={<Screen />} />
            );
          })}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </StaffRoleProvider>
  );
}
