import type { Preferences } from '@togo/domain/reminders/reminders.contract';
import type { Clock } from '../../lib/clock.ts';
import { hmacHex, safeEqualHex } from '../../lib/crypto.ts';
import type { ConsentInsert, ConsentRepository } from './consent.repository.ts';

/** What each channel's consent says, kept with every record (what exactly the user accepted). */
export const CONSENT_TEXTS = {
  whatsapp:
    'Acepto recibir por WhatsApp avisos de TOGO sobre mis vehículos (vencimientos, mantenimiento, multas, pico y placa y agendamientos). Puedo responder SALIR en cualquier momento.',
  sms: 'Acepto recibir por SMS avisos de TOGO sobre mis vehículos. Puedo responder SALIR en cualquier momento.',
} as const;

export const UNSUBSCRIBE_PATH = '/api/togo/notificacion/baja/';

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
    private readonly secret: string,
    private readonly webUrl: string,
  ) {}

  /** The one-click unsubscribe address put in every reminder email (signed; no sign-in needed). */
  readonly unsubscribeUrl = (userId: number): string => {
    const url = new URL(UNSUBSCRIBE_PATH, this.webUrl);
    url.searchParams.set('u', String(userId));
    url.searchParams.set('s', hmacHex(this.secret, `unsubscribe-email:${userId}`));
    return url.toString();
  };

  /** The unsubscribe link: email off at once and recorded; false when the signature does not match. */
  async optOutByLink(userId: number, signature: string): Promise<boolean> {
    const expected = hmacHex(this.secret, `unsubscribe-email:${userId}`);
    if (!/^[0-9a-f]{64}$/.test(signature) || !safeEqualHex(signature, expected)) return false;
    const now = this.clock.now();
    if (!(await this.consents.disableEmail(userId, now))) return false;
    await this.consents.insertMany(
      [
        {
          userId,
          purpose: 'email',
          accepted: false,
          screen: 'correo:enlace',
          text: 'Usó el enlace del correo para dejar de recibir avisos por correo.',
        },
      ],
      now,
    );
    return true;
  }

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
