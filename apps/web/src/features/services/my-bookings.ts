import { bogotaInstant } from '@togo/domain/bogota-time';
import { slotHour } from '@togo/domain/booking/booking.rules';
import type { MyBookingItem } from '@togo/domain/booking/my-bookings.contract';
import { formatCop } from '@togo/domain/money';
import { onFirstUse } from '../../lib/on-first-use.ts';

/** The instant the appointment starts. */
export const startOf = (b: Pick<MyBookingItem, 'fecha_agenda' | 'franja'>): Date =>
  bogotaInstant(b.fecha_agenda, slotHour(b.franja) ?? 0);

const CLOSED = new Set<MyBookingItem['estado']>(['cancelada', 'rechazada', 'expirada']);

/**
 * By state first, then by date (issue 36): upcoming (active and not started, soonest first), cancelled or never
 * paid (whatever their date, newest first) and past (held or missed appointments, newest first).
 */
export function splitBookings(list: readonly MyBookingItem[], now: Date) {
  const upcoming: MyBookingItem[] = [];
  const closed: MyBookingItem[] = [];
  const past: MyBookingItem[] = [];
  for (const b of list) {
    const active = b.estado === 'confirmada' || b.estado === 'pendiente_pago';
    // A booking the branch's closure affected waits for the driver's move, whatever its date (decision 110).
    if (b.estado === 'afectada_cierre') upcoming.push(b);
    else if (CLOSED.has(b.estado)) closed.push(b);
    else (active && startOf(b) > now ? upcoming : past).push(b);
  }
  const newestFirst = (a: MyBookingItem, b: MyBookingItem) => startOf(b).getTime() - startOf(a).getTime();
  upcoming.sort((a, b) => startOf(a).getTime() - startOf(b).getTime());
  closed.sort(newestFirst);
  past.sort(newestFirst);
  return { upcoming, closed, past };
}

/** The payment state as the user reads it. */
export function paymentLabel(b: Pick<MyBookingItem, 'estado' | 'metodo_pago' | 'pago_rechazado'>): string {
  switch (b.estado) {
    case 'confirmada':
      return b.metodo_pago === 'pagar_ahora' ? 'Pagado' : 'Pago en sitio';
    case 'pendiente_pago':
      return b.pago_rechazado ? 'Pago rechazado: puedes pagar de nuevo' : 'Pago pendiente';
    case 'expirada':
      return 'Sin pago: la reserva venció';
    case 'rechazada':
      return 'Pago rechazado';
    case 'cancelada':
      return b.metodo_pago === 'pagar_ahora' ? 'Cancelado' : 'Cancelado (sin cobro)';
    case 'atendido':
      return b.metodo_pago === 'pagar_ahora' ? 'Pagado · Atendido' : 'Atendido';
    case 'no_asistio':
      return 'No asististe';
    case 'afectada_cierre':
      return 'Afectada por cierre';
  }
}

const REFUND_LABELS: Record<string, string> = {
  pendiente: 'Reembolso en trámite',
  realizado: 'Reembolsado',
  fallido: 'Reembolso con error: lo estamos reintentando',
  en_proceso: 'Reembolso en trámite',
  solicitado: 'Reembolso solicitado',
  reembolsado: 'Reembolsado',
  completado: 'Reembolsado',
  rechazado: 'Reembolso rechazado',
  no_aplica: 'Sin reembolso',
};

/** What cancelling does with the money, said before confirming (issue 36). */
export function cancelRefundSentence(b: Pick<MyBookingItem, 'estado' | 'metodo_pago' | 'price'>): string {
  return (b.estado === 'confirmada' || b.estado === 'afectada_cierre') && b.metodo_pago === 'pagar_ahora'
    ? `Te reembolsaremos ${formatCop(b.price)} al medio de pago que usaste.`
    : 'No se te cobrará nada.';
}

const REFUND_STATES = {
  pendiente: (valor: string) => `Reembolso de ${valor} en trámite`,
  realizado: (valor: string) => `Reembolsado: ${valor}`,
  fallido: (valor: string) => `Reembolso de ${valor} con error: lo estamos reintentando`,
} as const;

/** The refund state when the server reports one, else null. */
export function refundLabel(b: Pick<MyBookingItem, 'estado_reembolso' | 'reembolso'>): string | null {
  if (b.reembolso) return REFUND_STATES[b.reembolso.estado](formatCop(b.reembolso.valor));
  const state = b.estado_reembolso;
  if (!state) return null;
  return REFUND_LABELS[state.toLowerCase()] ?? `Reembolso: ${state.replace(/_/g, ' ')}`;
}

/** Google Maps and Waze directions to a branch's address. */
export function directionsLinks(
  sede: Pick<MyBookingItem['sede'], 'direccion' | 'ciudad'>,
  address?: string | null,
) {
  const destination = address ?? `${sede.direccion}, ${sede.ciudad}, Colombia`;
  const q = encodeURIComponent(destination);
  return {
    google: `https://www.google.com/maps/dir/?api=1&destination=${q}`,
    waze: `https://waze.com/ul?q=${q}&navigate=yes`,
  };
}

const deadlineFormatter = onFirstUse(
  () =>
    new Intl.DateTimeFormat('es-CO', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'America/Bogota',
    }),
);

/** 'martes, 24 de noviembre, 9:00 a. m.' */
export const formatDeadline = (iso: string) => deadlineFormatter().format(new Date(iso));

/** The free-cancellation sentence; its one final period (the deadline may already end in 'a. m.'). */
export function freeCancelSentence(iso: string): string {
  const deadline = formatDeadline(iso);
  return `Puedes cancelar o reprogramar sin costo hasta el ${deadline}${deadline.endsWith('.') ? '' : '.'}`;
}
