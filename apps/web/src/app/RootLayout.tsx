import { Link, Outlet, isRouteErrorResponse, useNavigation, useRouteError } from 'react-router';
import { PwaBanners } from '../components/ui/PwaBanners.tsx';
import { TruckLoader } from '../components/ui/TruckLoader.tsx';

/** Root of every route: the page plus a thin progress bar while the next route loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? (
        <div className="route-progress" role="progressbar" aria-label="Cargando" />
      ) : null}
      <PwaBanners />
      <Outlet />
    </>
  );
}

export function RootHydrateFallback() {
  return <TruckLoader overlay text="Cargando..." />;
}

/** Shown when a route throws, or when a lazy chunk fails to load (e.g. after a new deployment). */
export function RootErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <main className="page page--auth">
      <section className="auth-card error-page">
        <h1 className="page-header__title">{notFound ? 'Página no encontrada' : 'Algo salió mal'}</h1>
        <p className="lead">
          {notFound
            ? 'La página que buscas no existe.'
            : 'No pudimos cargar esta pantalla. Revisa tu conexión e inténtalo de nuevo.'}
        </p>
        {notFound ? null : (
          <button
            type="button"
            className="btn btn--primary btn--block"
            onClick={() => window.location.reload()}
          >
            Reintentar
          </button>
        )}
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
