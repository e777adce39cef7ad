import type { PushPayload } from '@togo/domain/alerts/alerts.contract';
import type { Messenger } from '../../integrations/messaging/messenger.ts';
import type { PushSender } from '../../integrations/push/push-sender.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DeliveryRow, ExpiryEngineRepository } from './expiry-engine.repository.ts';
import type { NotificationsRepository, SubscriptionRow } from './notifications.repository.ts';

export interface DeliveryLog {
  warn(obj: object, msg: string): void;
}

export interface DeliveryResult {
  emails: number;
  pushes: number;
  /** Subscriptions removed because the push service answered 404/410. */
  removedSubscriptions: number;
}

const CLAIM_BATCH = 500;
const PUSH_CONCURRENCY = 10;

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Delivers new notifications by email (to the vehicle's owner) and Web Push (to the owner's browsers).
 * A notification is claimed (delivered_at set) before it is sent: at most once, never twice, even with
 * several processes. Failures are logged; the notification stays visible in the app either way.
 */
export class NotificationDeliveryService {
  constructor(
    private readonly engineRepo: ExpiryEngineRepository,
    private readonly repo: NotificationsRepository,
    private readonly messenger: Messenger,
    private readonly push: PushSender,
    private readonly clock: Clock,
    private readonly webUrl: string,
    private readonly log?: DeliveryLog,
  ) {}

  async deliver(ids: readonly number[]): Promise<DeliveryResult> {
    const result: DeliveryResult = { emails: 0, pushes: 0, removedSubscriptions: 0 };
    for (let i = 0; i < ids.length; i += CLAIM_BATCH) {
      const claimed = await this.engineRepo.claimForDelivery(ids.slice(i, i + CLAIM_BATCH), this.clock.now());
      if (claimed.length === 0) continue;
      const subs = this.push.publicKey
        ? await this.repo.subscriptionsOf([...new Set(claimed.map((n) => n.user_id))])
        : [];
      for (const n of claimed) {
        if (await this.sendEmail(n)) result.emails += 1;
      }
      const pushed = await this.sendPushes(claimed, subs);
      result.pushes += pushed.sent;
      result.removedSubscriptions += pushed.removed;
    }
    return result;
  }

  private link(n: DeliveryRow): string {
    return new URL(n.url_redireccion, this.webUrl).toString();
  }

  private async sendEmail(n: DeliveryRow): Promise<boolean> {
    const link = this.link(n);
    const body = [
      `Hola ${n.nombres},`,
      '',
      n.message,
      '',
      `Consulta los detalles en TOGO: ${link}`,
      '',
      `Recibes este correo porque tienes el vehículo ${n.placa} en tu garaje de TOGO.`,
    ].join('\n');
    const html = [
      `<p>Hola ${escapeHtml(n.nombres)},</p>`,
      `<p><strong>${escapeHtml(n.titulo)}</strong></p>`,
      `<p>${escapeHtml(n.message)}</p>`,
      `<p><a href="${escapeHtml(link)}">Consulta los detalles en TOGO</a></p>`,
      `<p style="color:#666;font-size:12px">Recibes este correo porque tienes el vehículo ${escapeHtml(n.placa)} en tu garaje de TOGO.</p>`,
    ].join('\n');
    try {
      await this.messenger.send({ to: n.email, channel: 'email', subject: `TOGO: ${n.titulo}`, body, html });
      return true;
    } catch (err) {
      this.log?.warn({ err, notification: n.id }, 'expiry notification email failed');
      return false;
    }
  }

  private async sendPushes(
    claimed: DeliveryRow[],
    subs: SubscriptionRow[],
  ): Promise<{ sent: number; removed: number }> {
    const byUser = new Map<number, SubscriptionRow[]>();
    for (const s of subs) byUser.set(s.userId, [...(byUser.get(s.userId) ?? []), s]);
    const jobs: { n: DeliveryRow; s: SubscriptionRow }[] = [];
    for (const n of claimed) for (const s of byUser.get(n.user_id) ?? []) jobs.push({ n, s });
    const gone = new Set<number>();
    let sent = 0;
    for (let i = 0; i < jobs.length; i += PUSH_CONCURRENCY) {
      await Promise.all(
        jobs.slice(i, i + PUSH_CONCURRENCY).map(async ({ n, s }) => {
          if (gone.has(s.id)) return;
          const payload: PushPayload = {
            id: n.id,
            title: n.titulo,
            body: n.message,
            icon: n.logo_notificacion,
            url: n.url_redireccion,
            tag: `${n.code}-${n.vehicle_id}`,
          };
          const outcome = await this.push.send(s, JSON.stringify(payload));
          if (outcome.result === 'sent') sent += 1;
          else if (outcome.result === 'gone') gone.add(s.id);
          else if (outcome.result === 'failed') {
            this.log?.warn(
              { notification: n.id, status: outcome.status, error: outcome.error },
              'web push failed',
            );
          }
        }),
      );
    }
    for (const id of gone) await this.repo.deleteSubscriptionById(id);
    return { sent, removed: gone.size };
  }
}
