import type { GarageLookupService } from '../features/garage/garage-lookup.service.ts';
import type { GarageService } from '../features/garage/garage.service.ts';
import type { JobContext, JobQueue, SendOptions } from './job-queue.ts';

/** Registry (RUNT-like) look-up of a vehicle: vehicle data, SOAT, RTM, licence. */
export const REGISTRY_LOOKUP_JOB = 'garage-registry-lookup';
/** Fines (SIMIT-like) look-up of a vehicle and its owner. */
export const FINES_LOOKUP_JOB = 'garage-fines-lookup';

/**
 * Re-queues look-ups still pending long after their last attempt (a job lost before it was queued, e.g. the
 * queue was down when the vehicle was created). Every 15 minutes.
 */
export const LOOKUP_SWEEP_JOB = 'garage-lookup-sweep';
export const LOOKUP_SWEEP_CRON = '*/15 * * * *';

/**
 * 5 retries after 30-60 s, doubling each time (pg-boss backoff with jitter: 15-30 min in all) before a
 * look-up is marked failed.
 */
export const LOOKUP_JOB_OPTIONS: SendOptions = { retryLimit: 5, retryDelay: 30, retryBackoff: true };

export interface LookupJobData {
  vehicleId: number;
}

/** For queues that do not report the run: a failure is then never taken as the last attempt. */
const UNKNOWN_RUN: JobContext = { id: '', attempt: 1, retryLimit: 0, isLastAttempt: false };

function vehicleIdOf(data: LookupJobData): number | null {
  return Number.isInteger(data.vehicleId) && data.vehicleId > 0 ? data.vehicleId : null;
}

/** Creates the look-up queues ('short': one queued look-up per vehicle), works them and schedules the sweep. */
export async function registerGarageJobs(
  queue: JobQueue,
  lookups: Pick<GarageLookupService, 'runRegistryLookup' | 'runFinesLookup'>,
  garage: Pick<GarageService, 'requeueStaleLookups'>,
): Promise<void> {
  await queue.createQueue?.(REGISTRY_LOOKUP_JOB, { policy: 'short' });
  await queue.createQueue?.(FINES_LOOKUP_JOB, { policy: 'short' });
  await queue.work<LookupJobData>(REGISTRY_LOOKUP_JOB, async (data, job) => {
    const id = vehicleIdOf(data);
    if (id) await lookups.runRegistryLookup(id, job ?? UNKNOWN_RUN);
  });
  await queue.work<LookupJobData>(FINES_LOOKUP_JOB, async (data, job) => {
    const id = vehicleIdOf(data);
    if (id) await lookups.runFinesLookup(id, job ?? UNKNOWN_RUN);
  });
  await queue.work(LOOKUP_SWEEP_JOB, async () => {
    await garage.requeueStaleLookups();
  });
  await queue.schedule(LOOKUP_SWEEP_JOB, LOOKUP_SWEEP_CRON, {}, 'America/Bogota');
}
