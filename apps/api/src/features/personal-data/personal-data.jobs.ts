import type { JobQueue } from '../../jobs/job-queue.ts';
import type { PersonalDataService } from './personal-data.service.ts';

export const PERSONAL_DATA_PURGE_JOB = 'personal-data-purge';
/** Every day at 03:15 in Colombia: accounts deleted 30 days ago or more are purged. */
export const PERSONAL_DATA_PURGE_CRON = '15 3 * * *';

/**
 * The purge of deleted accounts (decision 021). pg-boss hands each scheduled run to one process; the purge
 * is idempotent anyway (each account is re-checked under a row lock), so an extra run purges nothing twice.
 */
export async function registerPersonalDataJobs(
  queue: JobQueue,
  personalData: Pick<PersonalDataService, 'purgeDue'>,
): Promise<void> {
  await queue.work(PERSONAL_DATA_PURGE_JOB, async () => {
    await personalData.purgeDue();
  });
  await queue.schedule(PERSONAL_DATA_PURGE_JOB, PERSONAL_DATA_PURGE_CRON, {}, 'America/Bogota');
}
