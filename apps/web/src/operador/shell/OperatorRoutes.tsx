import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import type { StaffMe } from '@togo/domain/operator/operator-shell.contract';
import { isApiError } from '../../lib/api-client.ts';
import type { OperatorScreen } from '../screens.ts';
import { operatorErrorMessage } from '../lib/operator-messages.ts';
import { StaffRoleProvider } from '../lib/staff-role.tsx';
import { OperatorLayout } from './OperatorLayout.tsx';
import { useOperatorToken, useStaffMe } from './session.ts';
import { screensFor } from './shell-screens.ts';
import { ShellLoading } from './ShellBoundary.tsx';

const SignIn = lazy(() => import('../auth/SignIn.tsx'));
const AcceptInvitation = lazy(() => import('../auth/AcceptInvitation.tsx'));
const TotpEnrolment = lazy(() => import('../auth/TotpEnrolment.tsx'));

/** One React.lazy per screen, made once, so a screen keeps its state across renders of the shell. */
const lazyScreens = new Map<OperatorScreen['load'], LazyExoticComponent<ComponentType>>();
function screenComponent(screen: OperatorScreen): LazyExoticComponent<ComponentType> {
  let component = lazyScreens.get(screen.load);
  if (!component) {
    component = lazy(screen.load);
    lazyScreens.set(screen.load, component);
  }
  return component;
}

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
  return (
    <StaffRoleProvider role={me.rol}>
      <Routes>
        <Route element={<OperatorLayout me={me} screens={screens} />}>
          {screens.map((screen) => {
            const Screen = screenComponent(screen);
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
