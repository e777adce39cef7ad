/** The garage's look-up queues: names and options shared by the service that queues and the jobs that work. */
import type { SendOptions } from '../../jobs/job-queue.ts';

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
