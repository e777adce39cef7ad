import { Link } from 'react-router';
import { ServiceScreen } from './ServiceScreen.tsx';

/** No selected vehicle in this browser (the home stores it): nothing to book for. */
export function NoVehicle({ title, onBack }: { title: string; onBack: () => void }) {
  return (
    <ServiceScreen title={title} onBack={onBack}>
      <section className="info-card">
        <h2 className="info-card__title">No tienes un vehículo seleccionado</h2>
        <p className="lead">Elige tu vehículo en el inicio para agendar un servicio.</p>
        <Link className="btn btn--primary btn--block" to="/app/home">
          Ir al inicio
        </Link>
      </section>
    </ServiceScreen>
  );
}
