import { formatDateDmy } from './alerts.dates.ts';
import type { DatedAlertCode } from './alerts.rules.ts';

/**
 * Spanish notification texts. The expiry engine builds the same strings in SQL from these templates
 * (passed as a VALUES table), and a test checks both agree.
 */
export interface NotificationTemplate {
  /** Subject of the title: 'Tu SOAT' → 'Tu SOAT vence en 7 días' / 'Tu SOAT está vencido'. */
  titleSubject: string;
  /** Agreement of 'vencido' with the subject's gender. */
  overdueWord: 'vencido' | 'vencida';
  /** Start of the message, followed by the plate: 'El SOAT de tu vehículo' ABC123 vence el … */
  messageSubject: string;
  /** Advice after the date while it has not expired. */
  adviceBefore: string;
  /** Advice after the date once it has expired. */
  adviceAfter: string;
}

export const NOTIFICATION_TEMPLATES: Record<DatedAlertCode, NotificationTemplate> = {
  ALERTA_SOAT: {
    titleSubject: 'Tu SOAT',
    overdueWord: 'vencido',
    messageSubject: 'El SOAT de tu vehículo',
    adviceBefore: 'Renuévalo a tiempo para evitar multas e inmovilización.',
    adviceAfter: 'Renuévalo cuanto antes: circular sin SOAT vigente acarrea multa e inmovilización.',
  },
  ALERTA_RTM: {
    titleSubject: 'Tu revisión técnico-mecánica',
    overdueWord: 'vencida',
    messageSubject: 'La revisión técnico-mecánica de tu vehículo',
    adviceBefore: 'Agéndala a tiempo para evitar multas e inmovilización.',
    adviceAfter: 'Agéndala cuanto antes: circular sin la revisión vigente acarrea multa e inmovilización.',
  },
  ALERTA_TODO_RIESGO: {
    titleSubject: 'Tu póliza todo riesgo',
    overdueWord: 'vencida',
    messageSubject: 'La póliza todo riesgo de tu vehículo',
    adviceBefore: 'Renuévala a tiempo para mantener tu vehículo protegido.',
    adviceAfter: 'Renuévala cuanto antes: tu vehículo puede estar sin cobertura.',
  },
  ALERTA_IMPUESTO: {
    titleSubject: 'Tu impuesto vehicular',
    overdueWord: 'vencido',
    messageSubject: 'El impuesto vehicular de tu vehículo',
    adviceBefore: 'Págalo a tiempo para evitar intereses de mora y sanciones.',
    adviceAfter: 'Págalo cuanto antes para evitar más intereses de mora.',
  },
  ALERTA_KIT: {
    titleSubject: 'La recarga de tu extintor',
    overdueWord: 'vencida',
    messageSubject: 'La recarga del extintor del kit de carretera de tu vehículo',
    adviceBefore: 'Recárgalo a tiempo: el extintor es parte del equipo de carretera obligatorio.',
    adviceAfter: 'Recárgalo cuanto antes: el extintor es parte del equipo de carretera obligatorio.',
  },
  ALERTA_LICENCIA: {
    titleSubject: 'Tu licencia de conducción',
    overdueWord: 'vencida',
    messageSubject: 'La licencia de conducción asociada a tu vehículo',
    adviceBefore: 'Renuévala a tiempo para evitar multas.',
    adviceAfter: 'Renuévala cuanto antes: conducir con la licencia vencida acarrea multa.',
  },
};

/** Title and message of a notification created `daysLeft` days before `dueDate` (negative: overdue). */
export function notificationTexts(input: {
  code: DatedAlertCode;
  placa: string;
  dueDate: string;
  daysLeft: number;
}): { titulo: string; message: string } {
  const t = NOTIFICATION_TEMPLATES[input.code];
  const d = input.daysLeft;
  const titulo =
    d > 1
      ? `${t.titleSubject} vence en ${d} días`
      : d === 1
        ? `${t.titleSubject} vence mañana`
        : d === 0
          ? `${t.titleSubject} vence hoy`
          : `${t.titleSubject} está ${t.overdueWord}`;
  const date = formatDateDmy(input.dueDate);
  const message =
    d >= 0
      ? `${t.messageSubject} ${input.placa} vence el ${date}. ${t.adviceBefore}`
      : `${t.messageSubject} ${input.placa} venció el ${date}. ${t.adviceAfter}`;
  return { titulo, message };
}
