import type { FleetImportService } from '../features/fleet/fleet-import.service.ts';
import { FLEET_IMPORT_JOB, type FleetImportJobData } from '../features/fleet/fleet.service.ts';
import type { JobQueue } from './job-queue.ts';

/** Works the fleet imports queued by POST create_vehicle_flota_archivo. */
export async function registerFleetJobs(
  queue: JobQueue,
  imports: Pick<FleetImportService, 'run'>,
): Promise<void> {
  await queue.createQueue?.(FLEET_IMPORT_JOB, { policy: 'standard' });
  await queue.work<FleetImportJobData>(FLEET_IMPORT_JOB, async (data) => {
    const id = Number.isInteger(data.uploadId) && data.uploadId > 0 ? data.uploadId : null;
    if (id) await imports.run(id);
  });
}
