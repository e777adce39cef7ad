import type { MyBookingItem } from '@togo/domain/booking/my-bookings.contract';
import { paymentLabel, refundLabel } from '../my-bookings.ts';

function tone(b: MyBookingItem): string {
  if (b.estado === 'confirmada') return 'booking-badge booking-badge--ok';
  if (b.estado === 'pendiente_pago' || b.estado === 'afectada_cierre')
    return 'booking-badge booking-badge--warn';
  return 'booking-badge booking-badge--off';
}

/** Payment state and, when the server reports it, the refund state. */
export function BookingBadges({ booking }: { booking: MyBookingItem }) {
  const refund = refundLabel(booking);
  return (
    <p className="booking-badges">
      <span className={tone(booking)}>{paymentLabel(booking)}</span>
      {refund ? <span className="booking-badge">{refund}</span> : null}
    </p>
  );
}
