import { randomUUID } from 'node:crypto';
import type { JobContext, JobQueue, QueuePolicy, SendOptions } from './job-queue.ts';

/** pg-boss's default retry limit, used when a job is sent without one. */
const DEFAULT_RETRY_LIMIT = 2;

export interface InlineJob {
  id: string;
  name: string;
  data: object;
  options: SendOptions;
  state: 'created' | 'completed' | 'failed';
  attempts: number;
  errors: string[];
}

/**
 * A queue for tests: records jobs and runs them only when `drain()` is called, in order, retrying a
 * failing job immediately up to its retryLimit (no delays). Honours 'short' queues' singleton keys.
 */
export class InlineJobQueue implements JobQueue {
  readonly jobs: InlineJob[] = [];
  readonly schedules: { name: string; cron: string; data: object; tz: string }[] = [];
  private readonly handlers = new Map<string, (data: object, job: JobContext) => Promise<void>>();
  private readonly policies = new Map<string, QueuePolicy>();

  async createQueue(name: string, options: { policy?: QueuePolicy } = {}): Promise<void> {
    if (!this.policies.has(name)) this.policies.set(name, options.policy ?? 'standard');
  }

  async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    await this.createQueue(name);
    if (this.policies.get(name) === 'short') {
      const key = options.singletonKey ?? '';
      const queued = this.jobs.some(
        (j) =>
          j.name === name &&
          j.state === 'created' &&
          j.attempts === 0 &&
          (j.options.singletonKey ?? '') === key,
      );
      if (queued) return null;
    }
    const job: InlineJob = {
      id: randomUUID(),
      name,
      data,
      options,
      state: 'created',
      attempts: 0,
      errors: [],
    };
    this.jobs.push(job);
    return job.id;
  }

  async work<T extends object>(
    name: string,
    handler: (data: T, job: JobContext) => Promise<void>,
  ): Promise<void> {
    await this.createQueue(name);
    this.handlers.set(name, handler as (data: object, job: JobContext) => Promise<void>);
  }

  async schedule(name: string, cron: string, data: object, tz: string): Promise<void> {
    await this.createQueue(name);
    this.schedules.push({ name, cron, data, tz });
  }

  async depth(): Promise<Record<string, number>> {
    const depth: Record<string, number> = {};
    for (const name of this.policies.keys()) depth[name] = 0;
    for (const job of this.jobs) if (job.state === 'created') depth[job.name] = (depth[job.name] ?? 0) + 1;
    return depth;
  }

  async stop(): Promise<void> {
    this.handlers.clear();
  }

  /** Jobs of a queue (all states). */
  byName(name: string): InlineJob[] {
    return this.jobs.filter((j) => j.name === name);
  }

  /**
   * Runs every queued job that has a handler, including jobs queued while draining, until none is left.
   * Returns the jobs that ran.
   */
  async drain(): Promise<InlineJob[]> {
    const ran: InlineJob[] = [];
    for (let guard = 0; guard < 10_000; guard++) {
      const job = this.jobs.find((j) => j.state === 'created' && this.handlers.has(j.name));
      if (!job) return ran;
      const handler = this.handlers.get(job.name);
      if (!handler) return ran;
      const retryLimit = job.options.retryLimit ?? DEFAULT_RETRY_LIMIT;
      while (job.state === 'created') {
        job.attempts += 1;
        const ctx: JobContext = {
          id: job.id,
          attempt: job.attempts,
          retryLimit,
          isLastAttempt: job.attempts > retryLimit,
        };
        try {
          await handler(job.data, ctx);
          job.state = 'completed';
        } catch (err) {
          job.errors.push(err instanceof Error ? err.message : String(err));
          if (job.attempts > retryLimit) job.state = 'failed';
        }
      }
      ran.push(job);
    }
    throw new Error('InlineJobQueue.drain: too many jobs (a handler keeps queueing work?)');
  }
}
