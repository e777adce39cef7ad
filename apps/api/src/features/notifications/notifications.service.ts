import type {
  NotificationListQuery,
  NotificationPage,
  PushPublicKey,
  PushSubscriptionInput,
} from '@togo/domain/alerts/alerts.contract';
import { ALERT_MSG } from '@togo/domain/alerts/alerts.rules';
import { AppError } from '../../http/app-error.ts';
import type { PushSender } from '../../integrations/push/push-sender.ts';
import type { Clock } from '../../lib/clock.ts';
import type { NotificationsRepository } from './notifications.repository.ts';

/** DRF's PageNumberPagination: 'page' is a positive integer or 'last'; anything else is a 404. */
function pageNumber(raw: string | undefined, pages: number): number {
  if (raw === undefined || raw === '') return 1;
  if (raw === 'last') return pages;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw AppError.notFound(ALERT_MSG.invalidPage);
  const page = Number(raw);
  if (page > pages) throw AppError.notFound(ALERT_MSG.invalidPage);
  return page;
}

/** The request URL with `page` set (or removed for page 1, as DRF does for 'previous'). */
function pageUrl(requestUrl: URL, page: number | null): string {
  const url = new URL(requestUrl);
  if (page === null) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

/** Notifications of a vehicle and the Web Push subscriptions of the user's browsers. */
export class NotificationsService {
  constructor(
    private readonly repo: NotificationsRepository,
    private readonly push: PushSender,
    private readonly clock: Clock,
  ) {}

  /** Newest first, DRF-paginated; `requestUrl` is the absolute URL of the request (for next/previous). */
  async list(user: { id: number }, q: NotificationListQuery, requestUrl: URL): Promise<NotificationPage> {
    const count = await this.repo.countForOwnedVehicle(user.id, q.id_garaje);
    if (count === undefined) throw AppError.notFound();
    const pages = Math.max(1, Math.ceil(count / q.page_size));
    const page = pageNumber(q.page, pages);
    const rows =
      count === 0 ? [] : await this.repo.listByVehicle(q.id_garaje, q.page_size, (page - 1) * q.page_size);
    return {
      count,
      next: page < pages ? pageUrl(requestUrl, page + 1) : null,
      previous: page > 1 ? pageUrl(requestUrl, page === 2 ? null : page - 1) : null,
      results: rows.map((r) => ({
        id: r.id,
        logo_notificacion: r.logoNotificacion,
        message: r.message,
        titulo: r.titulo,
        url_redireccion: r.urlRedireccion,
        created: r.created.toISOString(),
      })),
    };
  }

  publicKey(): PushPublicKey {
    return { public_key: this.push.publicKey };
  }

  async subscribe(
    user: { id: number },
    input: PushSubscriptionInput,
  ): Promise<{ id: number; endpoint: string }> {
    const id = await this.repo.upsertSubscription(
      user.id,
      { endpoint: input.endpoint, keys: { p256dh: input.keys.p256dh, auth: input.keys.auth } },
      this.clock.now(),
    );
    return { id, endpoint: input.endpoint };
  }

  /** Idempotent: removing a subscription that is not there (or not this user's) changes nothing. */
  async unsubscribe(user: { id: number }, endpoint: string): Promise<void> {
    await this.repo.deleteSubscription(user.id, endpoint);
  }
}
