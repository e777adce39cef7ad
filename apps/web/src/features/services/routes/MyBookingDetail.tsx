import { franjaText } from '@togo/domain/booking/booking.rules';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { MyBookingItem } from '@togo/domain/booking/my-bookings.contract';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { formatCop } from '@togo/domain/money';
import { SERVICE_LABELS } from '@togo/domain/labels';
import { formatClock, formatDate } from '../../../lib/formatters.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import {
  cancelMyBooking,
  downloadCalendar,
  payMyBooking,
  payMyBookingOnSite,
  useMyBookings,
} from '../api/my-bookings.ts';
import { BookingBadges } from '../components/BookingBadges.tsx';
import { RescheduleBooking } from '../components/RescheduleBooking.tsx';
import { cancelRefundSentence, directionsLinks, freeCancelSentence } from '../my-bookings.ts';
import { closePaymentWindow, openPaymentWindow, sendPaymentWindowTo } from '../payment-window.ts';
import { serverMessage } from '../server-message.ts';
import '../services.css';
import '../my-bookings.css';

function useActions(booking: MyBookingItem) {
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['my-bookings'] });
  const fail = (error: unknown, fallback: string) =>
    dialog.show({ variant: 'warning', title: '¡Ups!', message: serverMessage(error, fallback) });

  const cancel = async () => {
    const confirmed = await dialog.show({
      variant: 'warning',
      title: '¿Cancelar tu cita?',
      message: `Se liberará tu cupo del ${formatDate(booking.fecha_agenda)} a las ${franjaText(booking.franja)}. ${cancelRefundSentence(booking)} Esta acción no se puede deshacer.`,
      confirmText: 'Sí, cancelar',
      cancelText: 'No, mantener',
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await cancelMyBooking(booking.id);
      await refresh();
      setBusy(false);
      await dialog.show({
        variant: 'success',
        title: 'Cita cancelada',
        message: `Tu agendamiento fue cancelado. ${cancelRefundSentence(booking)} Te enviamos la confirmación a tu correo.`,
      });
    } catch (error) {
      setBusy(false);
      await fail(error, 'No pudimos cancelar tu cita, intenta nuevamente.');
    }
  };

  const pay = async () => {
    const win = openPaymentWindow();
    setBusy(true);
    try {
      const { linkPago } = await payMyBooking(booking.id);
      await refresh();
      if (!win || !sendPaymentWindowTo(win, linkPago)) window.location.assign(linkPago);
    } catch (error) {
      closePaymentWindow(win);
      await fail(error, 'Error al cargar el enlace de pago.');
    } finally {
      setBusy(false);
    }
  };

  const payOnSite = async () => {
    const confirmed = await dialog.show({
      variant: 'warning',
      title: '¿Pagar en sitio?',
      message: `Pagarás ${formatCop(booking.price)} en ${booking.sede.nombre} el día de tu cita. Tu cupo queda confirmado.`,
      confirmText: 'Sí, pagar en sitio',
      cancelText: 'No',
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await payMyBookingOnSite(booking.id);
      await refresh();
      setBusy(false);
      await dialog.show({
        variant: 'success',
        title: 'Cita confirmada',
        message: 'Pagarás en la sede el día de tu cita. Te enviamos la confirmación a tu correo.',
      });
    } catch (error) {
      setBusy(false);
      await fail(error, 'No pudimos confirmar el pago en sitio, intenta nuevamente.');
    }
  };

  const calendar = async () => {
    try {
      await downloadCalendar(booking.id);
    } catch (error) {
      await fail(error, 'No pudimos generar el archivo del calendario.');
    }
  };

  return { busy, cancel, pay, payOnSite, calendar, refresh };
}

function Detail({ booking }: { booking: MyBookingItem }) {
  const { busy, cancel, pay, payOnSite, calendar, refresh } = useActions(booking);
  const [rescheduling, setRescheduling] = useState(false);
  const links = directionsLinks(booking.sede, booking.direccion_servicio);
  const active = booking.estado === 'confirmada' || booking.estado === 'pendiente_pago';

  if (rescheduling) {
    return (
      <RescheduleBooking
        booking={booking}
        onDone={(moved) => {
          setRescheduling(false);
          if (moved) void refresh();
        }}
      />
    );
  }
  return (
    <article className="booking-card" aria-label="Detalle del agendamiento">
      <h2 className="booking-card__title">{SERVICE_LABELS[booking.servicio]}</h2>
      {booking.detalle.join(', ') !== SERVICE_LABELS[booking.servicio] ? (
        <p className="booking-card__line">{booking.detalle.join(', ')}</p>
      ) : null}
      <p className="booking-card__line">
        <strong>Fecha:</strong> {formatDate(booking.fecha_agenda)} · {franjaText(booking.franja)}
      </p>
      <p className="booking-card__line">
        <strong>Placa:</strong> {booking.placa}
      </p>
      <p className="booking-card__line">
        <strong>Sede:</strong> {booking.sede.nombre}
      </p>
      <p className="booking-card__line">
        <strong>Dirección:</strong>{' '}
        {booking.direccion_servicio ?? `${booking.sede.direccion}, ${booking.sede.ciudad}`}
      </p>
      <p className="booking-detail__links">
        <a href={links.google} target="_blank" rel="noopener noreferrer">
          Cómo llegar con Google Maps
        </a>
        <a href={links.waze} target="_blank" rel="noopener noreferrer">
          Cómo llegar con Waze
        </a>
      </p>
      <p className="booking-card__line">
        <strong>Valor:</strong> {formatCop(booking.price)}
      </p>
      <p className="booking-card__line booking-card__muted">Referencia {booking.referencia}</p>
      <BookingBadges booking={booking} />
      {booking.estado === 'pendiente_pago' && booking.pago_rechazado && booking.expira_en ? (
        <p className="booking-detail__policy" role="status">
          Tu pago fue rechazado. Tu cupo sigue reservado hasta las {formatClock(booking.expira_en)}: paga de
          nuevo o elige pagar en sitio.
        </p>
      ) : null}
      {booking.estado === 'afectada_cierre' ? (
        <p className="booking-detail__policy" role="status">
          La sede {booking.sede.nombre} estará cerrada ese día. Reprograma tu cita sin costo
          {booking.metodo_pago === 'pagar_ahora'
            ? ' o cancélala y te reembolsaremos lo que pagaste.'
            : ' o cancélala.'}
        </p>
      ) : null}
      {booking.cancelable_hasta && booking.puede_cancelar ? (
        <p className="booking-detail__policy">{freeCancelSentence(booking.cancelable_hasta)}</p>
      ) : active && !booking.puede_cancelar ? (
        <p className="booking-detail__policy">
          Ya pasó el plazo para cancelar o reprogramar sin costo. Comunícate con la sede:{' '}
          {booking.sede.telefono}.
        </p>
      ) : null}
      <div className="booking-detail__actions">
        {booking.estado === 'pendiente_pago' ? (
          <button
            type="button"
            className="btn btn--primary btn--block"
            disabled={busy}
            onClick={() => void pay()}
          >
            {booking.pago_rechazado ? 'Pagar de nuevo' : 'Pagar ahora'}
          </button>
        ) : null}
        {booking.estado === 'pendiente_pago' && booking.pago_rechazado ? (
          <button
            type="button"
            className="btn btn--secondary btn--block"
            disabled={busy}
            onClick={() => void payOnSite()}
          >
            Pagar en sitio
          </button>
        ) : null}
        {active ? (
          <button type="button" className="btn btn--secondary btn--block" onClick={() => void calendar()}>
            Añadir al calendario
          </button>
        ) : null}
        {booking.puede_reprogramar ? (
          <button
            type="button"
            className="btn btn--secondary btn--block"
            disabled={busy}
            onClick={() => setRescheduling(true)}
          >
            Reprogramar
          </button>
        ) : null}
        {booking.puede_cancelar ? (
          <button
            type="button"
            className="btn btn--secondary btn--block"
            disabled={busy}
            onClick={() => void cancel()}
          >
            Cancelar cita
          </button>
        ) : null}
      </div>
    </article>
  );
}

/** app/agendamientos/:id: one booking with its actions (pay, calendar, reschedule, cancel). */
export function MyBookingDetailRoute() {
  usePageTitle('Detalle del agendamiento');
  const { id } = useParams();
  const query = useMyBookings();
  const booking = query.data?.find((b) => b.id === id);

  return (
    <main className="page page--auth my-bookings">
      <PageHeader title="Mi agendamiento" back="/app/agendamientos" />
      {query.isPending ? (
        <TruckLoader />
      ) : query.isError ? (
        <div role="alert" className="services__empty">
          <p>{serverMessage(query.error, 'No pudimos cargar tu agendamiento.')}</p>
          <button type="button" className="btn btn--primary" onClick={() => void query.refetch()}>
            Reintentar
          </button>
        </div>
      ) : booking ? (
        <Detail booking={booking} />
      ) : (
        <div className="services__empty">
          <p>No encontramos este agendamiento.</p>
          <Link to="/app/agendamientos" className="btn btn--primary">
            Ver mis agendamientos
          </Link>
        </div>
      )}
    </main>
  );
}
