import { bogotaToday } from '@togo/domain/bogota-time';
import type { Clock } from '../../lib/clock.ts';
import type { ExpiryEngineRepository, GeneratedRow } from './expiry-engine.repository.ts';
import type { DeliveryResult, NotificationDeliveryService } from './notification-delivery.service.ts';

export interface ExpiryRunResult {
  /** 'YYYY-MM-DD' in America/Bogota. */
  today: string;
  created: GeneratedRow[];
  delivery: DeliveryResult;
}

/**
 * The expiry engine: one set-based statement creates the notifications due today (see
 * alerts.schedule.ts), then the new ones are delivered by email and Web Push. Runs daily at 07:00
 * America/Bogota (expiry-engine.jobs.ts) and on demand for one vehicle when its dates change.
 */
export class ExpiryEngineService {
  constructor(
    private readonly repo: ExpiryEngineRepository,
    private readonly delivery: NotificationDeliveryService,
    private readonly clock: Clock,
  ) {}

  /** Creates today's notifications (all live vehicles, or one) without delivering them. */
  generate(vehicleId?: number): Promise<GeneratedRow[]> {
    const now = this.clock.now();
    return this.repo.generate(bogotaToday(now), now, vehicleId);
  }

  /** The daily run over every live vehicle. */
  run(): Promise<ExpiryRunResult> {
    return this.runFor(undefined);
  }

  /** The same statement for one vehicle (after its dates change). */
  runForVehicle(vehicleId: number): Promise<ExpiryRunResult> {
    return this.runFor(vehicleId);
  }

  /**
   * Hook for the garage feature: call it after a registry look-up stored new SOAT/RTM/licence dates
   * for the vehicle (alert_dates rows with source 'registry').
   */
  readonly onRegistryUpdated = async (vehicleId: number): Promise<void> => {
    await this.runForVehicle(vehicleId);
  };

  private async runFor(vehicleId: number | undefined): Promise<ExpiryRunResult> {
    const now = this.clock.now();
    const today = bogotaToday(now);
    const created = await this.repo.generate(today, now, vehicleId);
    const delivery = await this.delivery.deliver(created.map((r) => r.id));
    return { today, created, delivery };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The expiry engine built by buildApp: server.ts schedules it, the garage calls onRegistryUpdated. */
    expiryEngine: ExpiryEngineService;
  }
}
