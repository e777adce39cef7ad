import type { Channel, DeliveryLogEntry, DeliveryStatus } from '@togo/domain/reminders/reminders.contract';
import type { DeliveryLogRepository } from './delivery-log.repository.ts';

/** "Historial de avisos": the user's delivery log, newest first. */
export class DeliveryHistoryService {
  constructor(private readonly repo: DeliveryLogRepository) {}

  async list(
    userId: number,
    page: number,
    pageSize: number,
  ): Promise<{ count: number; results: DeliveryLogEntry[] }> {
    const [count, list] = await Promise.all([
      this.repo.countForUser(userId),
      this.repo.listForUser(userId, pageSize, (page - 1) * pageSize),
    ]);
    return {
      count,
      results: list.map((r) => ({
        id: r.id,
        canal: r.channel as Channel,
        // 'sending' is a held row being sent right now: still held for the user.
        estado: (r.status === 'sending' ? 'held' : r.status) as DeliveryStatus,
        motivo: r.reason,
        titulo: r.titulo,
        created: r.created.toISOString(),
      })),
    };
  }
}
