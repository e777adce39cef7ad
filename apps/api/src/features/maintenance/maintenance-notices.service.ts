import { bogotaToday } from '@togo/domain/bogota-time';
import {
  MAINTENANCE_NOTICE_ICON,
  maintenanceNoticeCode,
  maintenanceNoticeTexts,
  maintenanceScreenPath,
} from '@togo/domain/maintenance/maintenance.notice';
import type { Clock } from '../../lib/clock.ts';
import type { NotificationSink } from '../../lib/notification-sink.ts';
import type {
  DueReminder,
  MaintenanceNoticesRepository,
  NoticeRow,
} from './maintenance-notices.repository.ts';

export interface NoticeRunResult {
  today: string;
  /** Reminders whose notice this run claimed. */
  claimed: number;
  /** Notifications created and handed to delivery. */
  created: number;
}

/** Reminders claimed and notified per transaction. */
const BATCH = 1000;

/** The notification of one due reminder: step 1 'pronto', 0 'vencido'. */
export function noticeOf(d: DueReminder): NoticeRow {
  return {
    userId: Number(d.user_id),
    vehicleId: Number(d.vehicle_id),
    code: maintenanceNoticeCode(d.tipo),
    step: d.estado === 'pronto' ? 1 : 0,
    ...maintenanceNoticeTexts({
      tipo: d.tipo,
      placa: d.placa,
      estado: d.estado,
      proximoKm: d.proximo_km === null ? null : Number(d.proximo_km),
      proximaFecha: d.proxima_fecha,
    }),
    url: maintenanceScreenPath(Number(d.vehicle_id), d.company),
    logo: MAINTENANCE_NOTICE_ICON,
  };
}

/**
 * Service-reminder notices (issue 39, decision 075): once a day, every reminder that turned 'pronto' or 'vencido'
 * gets one notice of that state per cycle, through the user's channels, preferences (`tipos.mantenimiento`) and
 * quiet hours (the notifications' delivery). Set-based: batches of 1,000 claimed by one UPDATE each.
 */
export class MaintenanceNoticesService {
  constructor(
    private readonly d: { repo: MaintenanceNoticesRepository; notifications: NotificationSink; clock: Clock },
  ) {}

  async run(): Promise<NoticeRunResult> {
    const now = this.d.clock.now();
    const today = bogotaToday(now);
    let claimed = 0;
    let created = 0;
    for (;;) {
      const batch = await this.d.repo.claimAndInsert(today, BATCH, now, (due) => due.map(noticeOf));
      if (batch.claimed === 0) break;
      claimed += batch.claimed;
      created += batch.ids.length;
      await this.d.notifications.deliver(batch.ids);
      if (batch.claimed < BATCH) break;
    }
    return { today, claimed, created };
  }
}
