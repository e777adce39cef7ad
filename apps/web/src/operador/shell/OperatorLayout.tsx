import { Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import type { StaffMe } from '@togo/domain/operator/operator-shell.contract';
import type { OperatorScreen } from '../screens.ts';
import { signOut } from '../lib/session.ts';
import { ROLE_LABEL } from '../lib/staff-role.tsx';
import { ShellLoading } from '../components/ShellLoading.tsx';
import { ShellBoundary } from './ShellBoundary.tsx';

/**
 * The console's frame: top bar (menu button ≤ 900 px, who is signed in, sign out), the navigation built
 * from the screens the role may open, and the current screen in a boundary with its own loading state.
 */
export function OperatorLayout({ me, screens }: { me: StaffMe; screens: OperatorScreen[] }) {
  const [navOpen, setNavOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);

  async function leave() {
    setLeaving(true);
    await signOut(queryClient);
    void navigate('/ingresar', { replace: true });
  }

  return (
    <div className={navOpen ? 'op-shell op-shell--nav-open' : 'op-shell'}>
      <a className="op-skip" href="#op-main">
        Saltar al contenido
      </a>
      <header className="op-topbar">
        <button
          type="button"
          className="op-topbar__menu"
          aria-expanded={navOpen}
          aria-controls="op-nav"
          onClick={() => setNavOpen((open) => !open)}
        >
          <span aria-hidden="true">☰</span> Menú
        </button>
        <p className="op-brand">
          TOGO <span>Consola</span>
        </p>
        <div className="op-topbar__user">
          <span className="op-topbar__name">{me.nombre}</span>
          <span className="op-role">{ROLE_LABEL[me.rol]}</span>
        </div>
        <button
          type="button"
          className="btn btn--secondary op-btn-sm"
          onClick={() => void leave()}
          disabled={leaving}
        >
          {leaving ? 'Saliendo…' : 'Cerrar sesión'}
        </button>
      </header>
      <nav id="op-nav" className="op-nav" aria-label="Secciones de la consola">
        <ul>
          {screens.map((screen) => (
            <li key={screen.path}>
              <NavLink
                to={`/${screen.path}`}
                end={screen.path === ''}
                className="op-nav__link"
                onClick={() => setNavOpen(false)}
              >
                {screen.label}
              </NavLink>
            </li>
          ))}
        </ul>
        {me.totp ? null : (
          <NavLink to="/verificacion" className="op-nav__link op-nav__link--muted">
            Activar verificación en dos pasos
          </NavLink>
        )}
      </nav>
      {navOpen ? (
        <button
          type="button"
          className="op-scrim"
          aria-label="Cerrar menú"
          tabIndex={-1}
          onClick={() => setNavOpen(false)}
        />
      ) : null}
      <main id="op-main" className="op-main" tabIndex={-1}>
        <ShellBoundary resetKey={location.pathname}>
          <Suspense fallback={<ShellLoading />}>
            <Outlet />
          </Suspense>
        </ShellBoundary>
      </main>
    </div>
  );
}
