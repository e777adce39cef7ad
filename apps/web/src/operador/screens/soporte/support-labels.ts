/** Spanish labels of the support screens' codes (booking states, services, channels, delivery states). */

const BOOKING_STATE: Record<string, string> = {
  pendiente_pago: 'Pendiente de pago',
  confirmada: 'Confirmada',
  cancelada: 'Cancelada',
  expirada: 'Expirada',
  rechazada: 'Pago rechazado',
  atendido: 'Atendido',
  no_asistio: 'No asistió',
};

const SERVICE: Record<string, string> = {
  rtm: 'Revisión técnico-mecánica',
  peritaje: 'Peritaje',
  tramites: 'Trámites',
};

const REFUND: Record<string, string> = {
  pendiente: 'Reembolso pendiente',
  realizado: 'Reembolso realizado',
  fallido: 'Reembolso fallido',
};

const CHANNEL: Record<string, string> = {
  email: 'Correo',
  push: 'Notificación push',
  whatsapp: 'WhatsApp',
  sms: 'SMS',
};

const DELIVERY_STATE: Record<string, string> = {
  sent: 'Enviado',
  failed: 'Fallido',
  held: 'Retenido (horario de silencio)',
  suppressed: 'Suprimido',
  sending: 'Enviando',
};

const KIND: Record<string, string> = {
  vencimientos: 'Vencimientos',
  multas: 'Multas',
  pico_placa: 'Pico y placa',
  agendamientos: 'Agendamientos',
};

const label = (map: Record<string, string>) => (code: string) => map[code] ?? code;

export const bookingStateLabel = label(BOOKING_STATE);
export const serviceLabel = label(SERVICE);
export const refundLabel = label(REFUND);
export const channelLabel = label(CHANNEL);
export const deliveryStateLabel = label(DELIVERY_STATE);
export const deliveryKindLabel = label(KIND);

/** 'sent' is good news, 'failed' bad, the rest neutral: the badge's tone. */
export function deliveryTone(estado: string): 'ok' | 'error' | 'neutral' {
  if (estado === 'sent') return 'ok';
  if (estado === 'failed') return 'error';
  return 'neutral';
}

/** An ISO instant in Bogotá time, and a 'YYYY-MM-DD' calendar date: the console's own formats. */
export { formatDateTime as formatInstant, formatDay } from '../../components/format.ts';
