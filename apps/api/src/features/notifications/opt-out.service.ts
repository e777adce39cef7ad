import type { Preferences } from '@togo/domain/reminders/reminders.contract';
import type { Clock } from '../../lib/clock.ts';
import type { ConsentInsert, ConsentRepository } from './consent.repository.ts';

/** What each channel's consent says, kept with every record (what exactly the user accepted). */
export const CONSENT_TEXTS = {
  whatsapp:
    'Acepto recibir por WhatsApp avisos de TOGO sobre mis vehículos (vencimientos, multas, pico y placa y agendamientos). Puedo responder SALIR en cualquier momento.',
  sms: 'Acepto recibir por SMS avisos de TOGO sobre mis vehículos. Puedo responder SALIR en cualquier momento.',
} as const;

/** Replies that opt a user out of a channel at once. */
export function isOptOutReply(text: string): boolean {
  const word = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toUpperCase();
  return word === 'SALIR' || word === 'STOP' || word === 'BAJA';
}

/** A Colombian mobile as stored in users.telefono (10 digits) from an international or local number. */
export function localMobile(from: string): string | null {
  const digits = from.replace(/\D/g, '');
  if (/^573\d{9}$/.test(digits)) return digits.slice(2);
  if (/^3\d{9}$/.test(digits)) return digits;
  return null;
}

/** Consent changes (Ley 1581 de 2012) and opt-outs by reply. */
export class OptOutService {
  constructor(
    private readonly consents: ConsentRepository,
    private readonly clock: Clock,
  ) {}

  /** An inbound "SALIR" on WhatsApp or SMS: the channel is off for that number at once, and recorded. */
  async optOutByReply(channel: 'whatsapp' | 'sms', from: string, text: string): Promise<number[]> {
    if (!isOptOutReply(text)) return [];
    const telefono = localMobile(from);
    if (!telefono) return [];
    const now = this.clock.now();
    const users = await this.consents.disableChannelByPhone(telefono, channel, now);
    await this.consents.insertMany(
      users.map((userId) => ({
        userId,
        purpose: channel,
        accepted: false,
        screen: `${channel}:respuesta`,
        text: `Respondió "${text.trim().slice(0, 40)}" para dejar de recibir avisos por ${channel === 'whatsapp' ? 'WhatsApp' : 'SMS'}.`,
      })),
      now,
    );
    return users;
  }

  /** Records a consent change for every channel that needs one (WhatsApp, SMS) and changed. */
  async recordPreferenceChange(userId: number, before: Preferences, after: Preferences, screen: string) {
    const list: ConsentInsert[] = [];
    for (const channel of ['whatsapp', 'sms'] as const) {
      if (before.canales[channel] === after.canales[channel]) continue;
      const accepted = after.canales[channel];
      list.push({
        userId,
        purpose: channel,
        accepted,
        screen,
        text: accepted
          ? CONSENT_TEXTS[channel]
          : `Desactivó los avisos por ${channel === 'whatsapp' ? 'WhatsApp' : 'SMS'}.`,
      });
    }
    await this.consents.insertMany(list, this.clock.now());
  }

  async export(userId: number) {
    const list = await this.consents.listForUser(userId);
    return {
      consentimientos: list.map((r) => ({
        finalidad: r.purpose,
        aceptado: r.accepted,
        pantalla: r.screen,
        texto: r.text,
        fecha: r.created.toISOString(),
      })),
    };
  }
}
