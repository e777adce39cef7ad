import { Link } from 'react-router';
import { Logo } from '../../../components/ui/Logo.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** auth (empty child): welcome with the two ways in. */
export function WelcomeRoute() {
  usePageTitle('Bienvenido');
  return (
    <section className="welcome">
      <div className="welcome__hero">
        <Logo size="lg" />
        <h1 className="welcome__title">Tu vehículo al día</h1>
        <p className="welcome__text">
          Alertas de SOAT, revisión técnico-mecánica, multas y pico y placa, en un solo lugar.
        </p>
      </div>
      <div className="welcome__actions">
        <Link to="/auth/login" className="btn btn--primary btn--block">
          Iniciar sesión
        </Link>
        <Link to="/auth/create-account" className="btn btn--secondary btn--block">
          Crear cuenta
        </Link>
      </div>
    </section>
  );
}
