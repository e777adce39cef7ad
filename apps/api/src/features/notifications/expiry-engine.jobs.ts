import type { JobQueue } from '../../jobs/job-queue.ts';
import type { ExpiryEngineService } from './expiry-engine.service.ts';

export const EXPIRY_ENGINE_JOB = 'expiry-engine';
export const EXPIRY_ENGINE_VEHICLE_JOB = 'expiry-engine-vehicle';
/** Every day at 07:00 in Colombia. */
export const EXPIRY_ENGINE_CRON = '0 7 * * *';
export const EXPIRY_ENGINE_TZ = 'America/Bogota';

/**
 * Schedules the daily expiry run and works it, plus on-demand runs for one vehicle
 * (queue.send(EXPIRY_ENGINE_VEHICLE_JOB, { vehicleId })). With several processes pg-boss hands each
 * job to one of them; the engine's statement is idempotent anyway.
 */
export async function registerExpiryJobs(
  queue: JobQueue,
  engine: Pick<ExpiryEngineService, 'run' | 'runForVehicle'>,
): Promise<void> {
  // One queued on-demand run per vehicle at a time (send with singletonKey = vehicle id).
  await queue.createQueue?.(EXPIRY_ENGINE_VEHICLE_JOB, { policy: 'short' });
  await queue.work(EXPIRY_ENGINE_JOB, async () => {
    await engine.run();
  });
  await queue.work<{ vehicleId: number }>(EXPIRY_ENGINE_VEHICLE_JOB, async (data) => {
    if (Number.isInteger(data.vehicleId) && data.vehicleId > 0) await engine.runForVehicle(data.vehicleId);
  });
  await queue.schedule(EXPIRY_ENGINE_JOB, EXPIRY_ENGINE_CRON, {}, EXPIRY_ENGINE_TZ);
}
