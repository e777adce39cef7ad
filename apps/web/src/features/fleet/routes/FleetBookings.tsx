import { Link } from 'react-router';
import { franjaText } from '@togo/domain/booking/booking.rules';
import { bookingStateLabel, serviceLabel } from '@togo/domain/labels';
import { formatCop } from '@togo/domain/money';
import { BackButton } from '../../../components/ui/BackButton.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { formatDate } from '../../../lib/formatters.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useFleetBookingsQuery } from '../api/bookings.ts';
import { fleetRole } from '../fleet-role.ts';
import '../fleet-views.css';

export const BOOKINGS_ERROR = 'No pudimos cargar los agendamientos. Intenta nuevamente.';
export const BOOKINGS_EMPTY = 'Tu flota aún no tiene agendamientos.';

/**
 * /flota/agendamientos (issue 37: bookings were only under /app/agendamientos): the organisation's bookings —
 * those made from «Próximos servicios» and the company login's own — for every member, consulta included.
 */
export function FleetBookingsRoute() {
  usePageTitle('Agendamientos');
  const { canWrite } = fleetRole();
  const query = useFleetBookingsQuery();
  const rows = query.data?.results ?? [];

  return (
    <section className="fleet-screen" aria-labelledby="bookings-title">
      <header className="fleet-screen__head">
        <div className="fleet-screen__heading">
          <BackButton to="/flota" />
          <h1 id="bookings-title" className="fleet-screen__title">
            Agendamientos
          </h1>
        </div>
        {canWrite ? (
          <div className="fleet-screen__actions">
            <Link to="/flota/proximos-servicios" className="btn btn--primary">
              Agendar revisión técnico-mecánica
            </Link>
          </div>
        ) : null}
      </header>

      {query.isPending ? (
        <TruckLoader />
      ) : query.isError ? (
        <p role="alert" className="fleet-empty__text">
          {BOOKINGS_ERROR}
        </p>
      ) : rows.length === 0 ? (
        <p className="fleet-empty__text">{BOOKINGS_EMPTY}</p>
      ) : (
        <div className="fleet-table-wrap" tabIndex={0} role="region" aria-label="Agendamientos de la flota">
          <table className="fleet-table">
            <thead>
              <tr>
                <th scope="col">Placa</th>
                <th scope="col">Servicio</th>
                <th scope="col">Fecha</th>
                <th scope="col">Hora</th>
                <th scope="col">Sede</th>
                <th scope="col">Estado</th>
                <th scope="col">Valor</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((b) => (
                <tr key={b.id}>
                  <th scope="row" className="fleet-table__plate">
                    {b.placa}
                  </th>
                  <td>{serviceLabel(b.servicio)}</td>
                  <td>{formatDate(b.fecha_agenda)}</td>
                  <td>{franjaText(b.franja)}</td>
                  <td>{b.direccion_servicio ? `A domicilio: ${b.direccion_servicio}` : b.sede.nombre}</td>
                  <td>{bookingStateLabel(b.estado)}</td>
                  <td>{formatCop(b.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
