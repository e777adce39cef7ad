import {
  FLEET_DRIVER_LOOKUP_JOB,
  type FleetDetailService,
  type FleetDriverLookupJobData,
} from './fleet-detail.service.ts';
import type { FleetImportService } from './fleet-import.service.ts';
import { FLEET_IMPORT_JOB, FLEET_IMPORT_LOST_JOB, type FleetImportJobData } from './fleet.service.ts';
import type { JobContext, JobQueue } from '../../jobs/job-queue.ts';

/** For queues that do not report the run: a failure is then never taken as the last attempt. */
const UNKNOWN_RUN: JobContext = { id: '', attempt: 1, retryLimit: 0, isLastAttempt: false };

/**
 * Works the fleet imports queued by POST create_vehicle_flota_archivo (and those lost on their last attempt) and the
 * fleet drivers' look-ups.
 */
export async function registerFleetJobs(
  queue: JobQueue,
  imports: Pick<FleetImportService, 'run' | 'failLost'>,
  detail: Pick<FleetDetailService, 'runDriverLookup'>,
): Promise<void> {
  await queue.createQueue?.(FLEET_IMPORT_JOB, { policy: 'standard' });
  await queue.work<FleetImportJobData>(FLEET_IMPORT_JOB, async (data, job) => {
    const id = Number.isInteger(data.uploadId) && data.uploadId > 0 ? data.uploadId : null;
    if (id) await imports.run(id, job ?? UNKNOWN_RUN);
  });
  await queue.createQueue?.(FLEET_IMPORT_LOST_JOB, { policy: 'standard' });
  await queue.work<FleetImportJobData>(FLEET_IMPORT_LOST_JOB, async (data) => {
    const id = Number.isInteger(data.uploadId) && data.uploadId > 0 ? data.uploadId : null;
    if (id) await imports.failLost(id);
  });
  await queue.createQueue?.(FLEET_DRIVER_LOOKUP_JOB, { policy: 'short' });
  await queue.work<FleetDriverLookupJobData>(FLEET_DRIVER_LOOKUP_JOB, async (data, job) => {
    const id = Number.isInteger(data.vehicleId) && data.vehicleId > 0 ? data.vehicleId : null;
    if (id) await detail.runDriverLookup(id, job ?? UNKNOWN_RUN);
  });
}
