import { sql } from 'drizzle-orm';
import type { Channel, MessageKind } from '@togo/domain/reminders/reminders.contract';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { notificationDeliveries } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Messenger, OutgoingMessage } from './messenger.ts';
import {
  WhatsAppSendError,
  whatsappNumber,
  type WhatsAppSender,
  type WhatsAppTemplateMessage,
} from './whatsapp.ts';

/** How a message to a driver is listed in their delivery log: whose, which kind and its title. */
export interface DriverMessageEntry {
  userId: number;
  kind: MessageKind;
  titulo: string;
}

export interface DriverMessagesDeps {
  db: Db;
  messenger: Messenger;
  whatsapp?: WhatsAppSender | undefined;
  clock: Clock;
  log: Pick<Logger, 'error'>;
}

/** The reason a send failed, as the delivery log shows it. */
function failureReason(err: unknown): string {
  const reason = err instanceof WhatsAppSendError ? err.reason : (err as Error)?.message;
  return String(reason || 'Error desconocido').slice(0, 300);
}

/**
 * The one way to send a message to a driver outside the reminders' pipeline (booking confirmations and changes,
 * closure and staff notices; decision 109): each send is recorded in notification_deliveries — 'sent', or
 * 'failed' with its reason — so the driver's "Historial de avisos" and support's Avisos tab list it. It never
 * throws: a failed send or a failed record is logged, and the change that caused the message stands.
 */
export class DriverMessages {
  constructor(private readonly deps: DriverMessagesDeps) {}

  /** An email; true when the transport took it. */
  email(entry: DriverMessageEntry, message: Omit<OutgoingMessage, 'channel'>): Promise<boolean> {
    return this.attempt(entry, 'email', () => this.deps.messenger.send({ ...message, channel: 'email' }));
  }

  /**
   * A WhatsApp template message, only to a driver who turned WhatsApp on for this kind of message and has a
   * Colombian mobile number (nothing is sent nor recorded otherwise); true when it was sent.
   */
  async whatsapp(entry: DriverMessageEntry, message: Omit<WhatsAppTemplateMessage, 'to'>): Promise<boolean> {
    const sender = this.deps.whatsapp;
    if (!sender) return false;
    let to: string | null;
    try {
      to = await this.whatsappNumberOf(entry.userId, entry.kind);
    } catch (err) {
      this.deps.log.error({ err, userId: entry.userId }, 'whatsapp preference not read');
      return false;
    }
    if (!to) return false;
    const number = to;
    return this.attempt(entry, 'whatsapp', () => sender.send({ ...message, to: number }));
  }

  /** The WhatsApp number of a driver who turned WhatsApp and this kind of message on (off by default). */
  async whatsappNumberOf(userId: number, kind: MessageKind): Promise<string | null> {
    const res = (await this.deps.db.execute(
      sql`select u.telefono from users u join notification_preferences p on p.user_id = u.id
          where u.id = ${userId} and p.whatsapp and p.${sql.identifier(kind)}`,
    )) as unknown as { rows: { telefono: string | null }[] };
    const telefono = res.rows[0]?.telefono;
    return telefono ? whatsappNumber(telefono) : null;
  }

  private async attempt(
    entry: DriverMessageEntry,
    channel: Channel,
    send: () => Promise<void>,
  ): Promise<boolean> {
    let reason: string | null = null;
    try {
      await send();
    } catch (err) {
      reason = failureReason(err);
      this.deps.log.error(
        { err, userId: entry.userId, channel, titulo: entry.titulo },
        'driver message not sent',
      );
    }
    const now = this.deps.clock.now();
    try {
      await this.deps.db.insert(notificationDeliveries).values({
        userId: entry.userId,
        kind: entry.kind,
        channel,
        status: reason === null ? 'sent' : 'failed',
        reason,
        titulo: entry.titulo.slice(0, 200),
        created: now,
        updated: now,
      });
    } catch (err) {
      this.deps.log.error({ err, userId: entry.userId, channel }, 'driver message not recorded');
    }
    return reason === null;
  }
}
