import escapeHtml from 'escape-html';
import type { MessageKind } from '@togo/domain/reminders/reminders.contract';
import type { OutgoingMessage } from '../../integrations/messaging/messenger.ts';
import type { WhatsAppTemplateMessage } from '../../integrations/messaging/whatsapp.ts';
import type { DeliveryRow } from './expiry-engine.repository.ts';

/** The kind of message (a preference) of a notification code. */
export function kindOf(code: string): MessageKind {
  if (code === 'INFRACCION_TRANSITO' || code.startsWith('MULTA')) return 'multas';
  if (code.startsWith('PICO_PLACA')) return 'pico_placa';
  if (code.startsWith('AGENDA')) return 'agendamientos';
  if (code.startsWith('MANTENIMIENTO')) return 'mantenimiento';
  return 'vencimientos';
}

/** The WhatsApp template every notification uses: {{1}} name, {{2}} title, {{3}} message, {{4}} link. */
export const WHATSAPP_TEMPLATE = 'togo_aviso';
export const WHATSAPP_LANGUAGE = 'es';

export function emailOf(
  n: DeliveryRow,
  link: string,
  preferencesLink: string,
  unsubscribeLink: string,
): OutgoingMessage {
  const body = [
    `Hola ${n.nombres},`,
    '',
    n.message,
    '',
    `Consulta los detalles en TOGO: ${link}`,
    '',
    `Recibes este correo porque tienes el vehículo ${n.placa} en tu garaje de TOGO.`,
    `¿No quieres recibir estos correos? Cámbialo en tus preferencias de avisos: ${preferencesLink}`,
    `o date de baja con un clic: ${unsubscribeLink}`,
  ].join('\n');
  const html = [
    `<p>Hola ${escapeHtml(n.nombres)},</p>`,
    `<p><strong>${escapeHtml(n.titulo)}</strong></p>`,
    `<p>${escapeHtml(n.message)}</p>`,
    `<p><a href="${escapeHtml(link)}">Consulta los detalles en TOGO</a></p>`,
    `<p style="color:#666;font-size:12px">Recibes este correo porque tienes el vehículo ${escapeHtml(n.placa)} en tu garaje de TOGO. <a href="${escapeHtml(preferencesLink)}">Preferencias de avisos</a> · <a href="${escapeHtml(unsubscribeLink)}">Darme de baja</a></p>`,
  ].join('\n');
  return { to: n.email, channel: 'email', subject: `TOGO: ${n.titulo}`, body, html };
}

export function smsOf(n: DeliveryRow, to: string): OutgoingMessage {
  return { to, channel: 'sms', body: `TOGO: ${n.titulo}. ${n.message} Responde SALIR para no recibir más.` };
}

export function whatsappOf(n: DeliveryRow, to: string, link: string): WhatsAppTemplateMessage {
  return {
    to,
    template: WHATSAPP_TEMPLATE,
    language: WHATSAPP_LANGUAGE,
    parameters: [n.nombres, n.titulo, n.message, link],
  };
}
