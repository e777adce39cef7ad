import { franjaText } from '@togo/domain/booking/booking.rules';
import { Link } from 'react-router';
import type { MyBookingItem } from '@togo/domain/booking/my-bookings.contract';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { formatCop } from '@togo/domain/money';
import { SERVICE_LABELS } from '@togo/domain/labels';
import { formatDate } from '../../../lib/formatters.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useMyBookings } from '../api/my-bookings.ts';
import { BookingBadges } from '../components/BookingBadges.tsx';
import { splitBookings } from '../my-bookings.ts';
import { serverMessage } from '../server-message.ts';
import '../services.css';
import '../my-bookings.css';

function BookingCard({ booking }: { booking: MyBookingItem }) {
  return (
    <li>
      <Link to={`/app/agendamientos/${booking.id}`} className="booking-card">
        <h3 className="booking-card__title">{SERVICE_LABELS[booking.servicio]}</h3>
        <p className="booking-card__line">
          {formatDate(booking.fecha_agenda)} · {franjaText(booking.franja)} · {booking.placa}
        </p>
        <p className="booking-card__line booking-card__muted">
          {booking.direccion_servicio
            ? `A domicilio: ${booking.direccion_servicio}`
            : `${booking.sede.nombre} · ${booking.sede.direccion}, ${booking.sede.ciudad}`}
        </p>
        <p className="booking-card__line">{formatCop(booking.price)}</p>
        <BookingBadges booking={booking} />
      </Link>
    </li>
  );
}

/** app/agendamientos: the user's upcoming, cancelled or unpaid, and past bookings (grouped by state). */
export function MyBookingsRoute() {
  usePageTitle('Mis agendamientos');
  const query = useMyBookings();
  const { upcoming, closed, past } = splitBookings(query.data ?? [], new Date());

  return (
    <main className="page page--auth my-bookings">
      <PageHeader title="Mis agendamientos" back="/app/servicios" />
      {query.isPending ? (
        <TruckLoader />
      ) : query.isError ? (
        <div role="alert" className="services__empty">
          <p>{serverMessage(query.error, 'No pudimos cargar tus agendamientos.')}</p>
          <button type="button" className="btn btn--primary" onClick={() => void query.refetch()}>
            Reintentar
          </button>
        </div>
      ) : upcoming.length + closed.length + past.length === 0 ? (
        <div className="services__empty">
          <p>Aún no tienes agendamientos.</p>
          <Link to="/app/servicios" className="btn btn--primary">
            Agendar un servicio
          </Link>
        </div>
      ) : (
        <>
          <h2 className="my-bookings__section">Próximos</h2>
          {upcoming.length ? (
            <ul className="my-bookings__list" aria-label="Próximos agendamientos">
              {upcoming.map((b) => (
                <BookingCard key={b.id} booking={b} />
              ))}
            </ul>
          ) : (
            <p className="services__note">No tienes citas próximas.</p>
          )}
          {closed.length ? (
            <>
              <h2 className="my-bookings__section">Canceladas o sin pago</h2>
              <ul className="my-bookings__list" aria-label="Agendamientos cancelados o sin pago">
                {closed.map((b) => (
                  <BookingCard key={b.id} booking={b} />
                ))}
              </ul>
            </>
          ) : null}
          {past.length ? (
            <>
              <h2 className="my-bookings__section">Anteriores</h2>
              <ul className="my-bookings__list" aria-label="Agendamientos anteriores">
                {past.map((b) => (
                  <BookingCard key={b.id} booking={b} />
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </main>
  );
}
