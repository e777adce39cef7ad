/** Spanish labels of the support screens' codes (channels, delivery states; the shared ones from the domain). */

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

/** Booking states, services, refunds and vehicle classes: the names every screen and export shares. */
export {
  bookingStateLabel,
  refundStateLabel as refundLabel,
  serviceLabel,
  vehicleClassLabel,
} from '@togo/domain/labels';
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
