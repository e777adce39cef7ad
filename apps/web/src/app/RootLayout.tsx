import { Component, Suspense, useCallback } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { DemoBanner } from '../components/ui/DemoBanner.tsx';
import { PwaBanners } from '../components/ui/PwaBanners.tsx';
import { TruckLoader } from '../components/ui/TruckLoader.tsx';
import { useRouteLoading } from '../lib/lazy-screen.ts';
import { useSessionEnded } from '../lib/session-ended.ts';

/**
 * Root of every route: the page, a thin progress bar while the next screen's chunk loads (the current screen
 * stays meanwhile: navigations are transitions), the loader for the very first screen, and the error screen.
 */
export function RootLayout() {
  const loading = useRouteLoading();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  // A session closed elsewhere: the sign-in, saying why, instead of screens emptied by refused reads.
  useSessionEnded(
    useCallback(() => {
      client.clear();
      void navigate('/auth/login', { replace: true });
    }, [client, navigate]),
  );
  return (
    <>
      {loading ? (
        // In a landmark of its own: axe's "region" rule wants all content inside one (issue 36).
        <section aria-label="Carga de la página">
          <div className="route-progress" role="progressbar" aria-label="Cargando" />
        </section>
      ) : null}
      <DemoBanner />
      <PwaBanners />
      <RouteErrorBoundary resetKey={location.key}>
        <Suspense fallback={<RootFallback />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}

export function RootFallback() {
  return <TruckLoader overlay text="Cargando..." />;
}

interface BoundaryProps {
  /** The error screen is left when this changes (a navigation). */
  resetKey: string;
  children: ReactNode;
}

/** Catches a screen that throws, or a lazy chunk that fails to load (offline, a new deployment). */
export class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

export function RouteError() {
  return (
    <main className="page page--auth">
      <section className="auth-card error-page">
        <h1 className="page-header__title">Algo salió mal</h1>
        <p className="lead">No pudimos cargar esta pantalla. Revisa tu conexión e inténtalo de nuevo.</p>
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={() => window.location.reload()}
        >
          Reintentar
        </button>
        <Link to="/" className="btn btn--secondary btn--block">
          Ir al inicio
        </Link>
      </section>
    </main>
  );
}

export function NotFound() {
  return (
    <main className="page page--auth">
      <section className="auth-card error-page">
        <h1 className="page-header__title">Página no encontrada</h1>
        <p className="lead">La página que buscas no existe o todavía no está disponible.</p>
        <Link to="/" className="btn btn--primary btn--block">
          Ir al inicio
        </Link>
      </section>
    </main>
  );
}
