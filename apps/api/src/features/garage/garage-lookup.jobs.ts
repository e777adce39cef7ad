import type { JobContext, JobQueue } from '../../jobs/job-queue.ts';
import type { GarageLookupService } from './garage-lookup.service.ts';
import {
  FINES_LOOKUP_JOB,
  LOOKUP_SWEEP_CRON,
  LOOKUP_SWEEP_JOB,
  REGISTRY_LOOKUP_JOB,
  type LookupJobData,
} from './garage-lookup.job-names.ts';
import type { GarageService } from './garage.service.ts';

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
