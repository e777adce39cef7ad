import type { Db } from '../db/client.ts';
import { jobFailures } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import type { JobContext, JobQueue } from './job-queue.ts';

/** Longest error text kept per failure. */
const MAX_ERROR = 500;

/**
 * Wraps a job queue so that a run failing for good (its last attempt; a handler run without a JobContext counts
 * as one) is recorded in `job_failures` for the operator console's dashboard (decision 029), whatever the queue
 * (pg-boss or the inline one). The failure is still thrown to the queue, which keeps its own bookkeeping; a
 * failure to record is logged by the caller's queue as part of the run's error, never hidden.
 */
export function recordingFailures(queue: JobQueue, db: Db, clock: Clock): JobQueue {
  const recorded: JobQueue = {
    send: (name, data, options) => queue.send(name, data, options),
    schedule: (name, cron, data, tz) => queue.schedule(name, cron, data, tz),
    stop: () => queue.stop(),
    work: <T extends object>(name: string, handler: (data: T, job?: JobContext) => Promise<void>) =>
      queue.work<T>(name, async (data, job) => {
        try {
          await handler(data, job);
        } catch (error) {
          if (!job || job.isLastAttempt) {
            const text = error instanceof Error ? error.message || error.name : String(error);
            await db
              .insert(jobFailures)
              .values({ nombre: name, error: text.slice(0, MAX_ERROR), fecha: clock.now() })
              .catch(() => undefined);
          }
          throw error;
        }
      }),
  };
  if (queue.createQueue) recorded.createQueue = (name, options) => queue.createQueue!(name, options);
  if (queue.depth) recorded.depth = () => queue.depth!();
  return recorded;
}
