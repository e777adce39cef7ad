import { franjaText } from '@togo/domain/booking/booking.rules';
import { SERVICE_LABELS } from '@togo/domain/labels';
import { Link } from 'react-router';
import { ChevronRightIcon } from '../../../components/ui/app-icons.tsx';
import { formatDate } from '../../../lib/formatters.ts';
import type { MyBookingItem } from '@togo/domain/booking/my-bookings.contract';

/** 'Tu próxima cita': the soonest booking to come, linked to its detail; nothing when there is none. */
export function NextBooking({ booking }: { booking: MyBookingItem }) {
  const place = booking.direccion_servicio
    ? `A domicilio: ${booking.direccion_servicio}`
    : `${booking.sede.nombre}, ${booking.sede.ciudad}`;
  return (
    <section className="home-next" aria-labelledby="home-next-title">
      <h2 id="home-next-title" className="home-section-title">
        Tu próxima cita
      </h2>
      <Link to={`/app/agendamientos/${booking.id}`} className="home-next__card">
        <span className="home-next__body">
          <strong>{SERVICE_LABELS[booking.servicio]}</strong>
          <span>
            {formatDate(booking.fecha_agenda)} · {franjaText(booking.franja)} · {booking.placa}
          </span>
          <span className="home-next__place">{place}</span>
          {booking.estado === 'pendiente_pago' ? (
            <span className="home-next__pending">Pago pendiente</span>
          ) : null}
        </span>
        <ChevronRightIcon />
      </Link>
    </section>
  );
}
