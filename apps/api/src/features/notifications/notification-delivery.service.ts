import { bogotaMinute } from '@togo/domain/bogota-time';
import type { PushPayload } from '@togo/domain/alerts/alerts.contract';
import {
  DEFAULT_PREFERENCES,
  inQuietHours,
  type Channel,
  type DeliveryStatus,
  type Preferences,
} from '@togo/domain/reminders/reminders.contract';
import type { Messenger } from '../../integrations/messaging/messenger.ts';
import {
  whatsappNumber,
  WhatsAppSendError,
  type WhatsAppSender,
} from '../../integrations/messaging/whatsapp.ts';
import type { PushSender } from '../../integrations/push/push-sender.ts';
import type { Clock } from '../../lib/clock.ts';
import { emailOf, kindOf, smsOf, whatsappOf } from './delivery-messages.ts';
import type { DeliveryLogInsert, DeliveryLogRepository } from './delivery-log.repository.ts';
import type { DeliveryRow, ExpiryEngineRepository } from './expiry-engine.repository.ts';
import type { NotificationsRepository, SubscriptionRow } from './notifications.repository.ts';
import type { PreferencesRepository } from './preferences.repository.ts';

export interface DeliveryLog {
  warn(obj: object, msg: string): void;
}

export interface DeliveryResult {
  emails: number;
  pushes: number;
  whatsapps: number;
  sms: number;
  held: number;
  suppressed: number;
  failed: number;
  /** Subscriptions removed because the push service answered 404/410. */
  removedSubscriptions: number;
}

export interface DeliveryDeps {
  engineRepo: ExpiryEngineRepository;
  repo: NotificationsRepository;
  prefs: PreferencesRepository;
  deliveries: DeliveryLogRepository;
  messenger: Messenger;
  whatsapp: WhatsAppSender;
  push: PushSender;
  clock: Clock;
  webUrl: string;
  /** The signed one-click unsubscribe address of a user (opt-out.service.ts). */
  unsubscribeUrl: (userId: number) => string;
  log?: DeliveryLog;
}

type Outcome = { status: Extract<DeliveryStatus, 'sent' | 'failed'>; reason: string | null };

const CLAIM_BATCH = 500;
const PUSH_CONCURRENCY = 10;
const HELD_BATCH = 500;
const KIND_NAMES: Record<keyof Preferences['tipos'], string> = {
  vencimientos: 'vencimientos',
  multas: 'multas',
  pico_placa: 'pico y placa',
  agendamientos: 'agendamientos',
  mantenimiento: 'mantenimiento',
};
const CHANNEL_NAMES: Record<Channel, string> = {
  email: 'correo',
  push: 'notificaciones push',
  whatsapp: 'WhatsApp',
  sms: 'SMS',
};

const emptyResult = (): DeliveryResult => ({
  emails: 0,
  pushes: 0,
  whatsapps: 0,
  sms: 0,
  held: 0,
  suppressed: 0,
  failed: 0,
  removedSubscriptions: 0,
});

/**
 * Delivers new notifications on every channel the user allows: email, Web Push, WhatsApp and SMS. A
 * notification is claimed (delivered_at set) before it is sent: at most once, even with several processes.
 * Each (notification, channel) gets one delivery-log row: sent | failed (reason) | suppressed (a preference)
 * | held (quiet hours; releaseHeld() sends it when the window opens).
 */
export class NotificationDeliveryService {
  constructor(private readonly d: DeliveryDeps) {}

  async deliver(ids: readonly number[]): Promise<DeliveryResult> {
    const result = emptyResult();
    const { d } = this;
    for (let i = 0; i < ids.length; i += CLAIM_BATCH) {
      const now = d.clock.now();
      const claimed = await d.engineRepo.claimForDelivery(ids.slice(i, i + CLAIM_BATCH), now);
      if (claimed.length === 0) continue;
      const users = [...new Set(claimed.map((n) => n.user_id))];
      const prefs = await d.prefs.findMany(users);
      const subs = d.push.publicKey ? await d.repo.subscriptionsOf(users) : [];
      const log: DeliveryLogInsert[] = [];
      const gone = new Set<number>();
      const quietMinute = bogotaMinute(now);
      for (const n of claimed) {
        const p = prefs.get(n.user_id) ?? DEFAULT_PREFERENCES;
        const kind = kindOf(n.code);
        for (const channel of this.channels()) {
          const row = { userId: n.user_id, notificationId: n.id, kind, channel, titulo: n.titulo };
          const suppressed = this.suppression(p, kind, channel);
          if (suppressed) {
            log.push({ ...row, status: 'suppressed', reason: suppressed });
            result.suppressed += 1;
          } else if (inQuietHours(quietMinute, p.silencio)) {
            log.push({ ...row, status: 'held', reason: 'Horario de silencio' });
            result.held += 1;
          } else {
            const outcome = await this.sendOne(n, channel, subs, result, gone);
            log.push({ ...row, ...outcome });
            if (outcome.status === 'failed') result.failed += 1;
          }
        }
      }
      await d.deliveries.insertMany(log, now);
    }
    return result;
  }

  /**
   * Sends held messages whose quiet window has opened (a job runs it every few minutes). Each held row is
   * claimed before it is sent, so two processes never send the same one.
   */
  async releaseHeld(): Promise<DeliveryResult> {
    const result = emptyResult();
    const { d } = this;
    const now = d.clock.now();
    const minute = bogotaMinute(now);
    const held = await d.deliveries.listHeld(HELD_BATCH);
    const open = held.filter(
      (h) =>
        !inQuietHours(minute, {
          desde: h.silencio_desde ?? DEFAULT_PREFERENCES.silencio.desde,
          hasta: h.silencio_hasta ?? DEFAULT_PREFERENCES.silencio.hasta,
        }),
    );
    const claimed = await d.deliveries.claimHeld(
      open.map((h) => h.delivery_id),
      now,
    );
    const toSend = open.filter((h) => claimed.has(h.delivery_id));
    const subs =
      d.push.publicKey && toSend.some((h) => h.channel === 'push')
        ? await d.repo.subscriptionsOf([...new Set(toSend.map((h) => h.user_id))])
        : [];
    const gone = new Set<number>();
    for (const h of toSend) {
      const outcome = await this.sendOne(h, h.channel, subs, result, gone);
      if (outcome.status === 'failed') result.failed += 1;
      await d.deliveries.setOutcome(h.delivery_id, outcome.status, outcome.reason, d.clock.now());
    }
    return result;
  }

  /** The channels this deployment has: push only with VAPID keys. */
  private channels(): Channel[] {
    return this.d.push.publicKey ? ['email', 'push', 'whatsapp', 'sms'] : ['email', 'whatsapp', 'sms'];
  }

  private suppression(p: Preferences, kind: keyof Preferences['tipos'], channel: Channel): string | null {
    if (!p.tipos[kind]) return `Tipo de aviso desactivado en las preferencias (${KIND_NAMES[kind]})`;
    if (!p.canales[channel]) return `Canal desactivado en las preferencias (${CHANNEL_NAMES[channel]})`;
    return null;
  }

  private link(n: DeliveryRow): string {
    return new URL(n.url_redireccion, this.d.webUrl).toString();
  }

  private async sendOne(
    n: DeliveryRow,
    channel: Channel,
    subs: SubscriptionRow[],
    result: DeliveryResult,
    gone: Set<number>,
  ): Promise<Outcome> {
    try {
      if (channel === 'email') {
        const prefsLink = new URL('/app/profile/avisos', this.d.webUrl).toString();
        await this.d.messenger.send(emailOf(n, this.link(n), prefsLink, this.d.unsubscribeUrl(n.user_id)));
        result.emails += 1;
      } else if (channel === 'push') {
        return await this.sendPush(n, subs, result, gone);
      } else {
        const to = n.telefono ? whatsappNumber(n.telefono) : null;
        if (!to) return { status: 'failed', reason: 'Sin número de celular válido' };
        if (channel === 'whatsapp') {
          await this.d.whatsapp.send(whatsappOf(n, to, this.link(n)));
          result.whatsapps += 1;
        } else {
          await this.d.messenger.send(smsOf(n, to.slice(2)));
          result.sms += 1;
        }
      }
      return { status: 'sent', reason: null };
    } catch (err) {
      this.d.log?.warn({ err, notification: n.id, channel }, 'notification delivery failed');
      const reason = err instanceof WhatsAppSendError ? err.reason : 'El proveedor no aceptó el mensaje';
      return { status: 'failed', reason };
    }
  }

  private async sendPush(
    n: DeliveryRow,
    subs: SubscriptionRow[],
    result: DeliveryResult,
    gone: Set<number>,
  ): Promise<Outcome> {
    const mine = subs.filter((s) => s.userId === n.user_id && !gone.has(s.id));
    if (mine.length === 0) return { status: 'failed', reason: 'Sin navegadores suscritos' };
    const payload: PushPayload = {
      id: n.id,
      title: n.titulo,
      body: n.message,
      icon: n.logo_notificacion,
      url: n.url_redireccion,
      tag: `${n.code}-${n.vehicle_id}`,
    };
    let sent = 0;
    let lastError: string | null = null;
    for (let i = 0; i < mine.length; i += PUSH_CONCURRENCY) {
      await Promise.all(
        mine.slice(i, i + PUSH_CONCURRENCY).map(async (s) => {
          const outcome = await this.d.push.send(s, JSON.stringify(payload));
          if (outcome.result === 'sent') sent += 1;
          else if (outcome.result === 'gone') {
            gone.add(s.id);
            await this.d.repo.deleteSubscriptionById(s.id);
            result.removedSubscriptions += 1;
          } else if (outcome.result === 'failed') {
            lastError = `El servicio push respondió ${outcome.status ?? 'sin respuesta'}`;
            this.d.log?.warn(
              { notification: n.id, status: outcome.status, error: outcome.error },
              'web push failed',
            );
          }
        }),
      );
    }
    result.pushes += sent;
    return sent > 0
      ? { status: 'sent', reason: null }
      : { status: 'failed', reason: lastError ?? 'Suscripción vencida' };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivery built by buildApp (tests and jobs release held messages through it). */
    notificationDelivery: NotificationDeliveryService;
  }
}
