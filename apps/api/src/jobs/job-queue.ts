/**
 * Background jobs (pg-boss on PostgreSQL or on PGlite through an adapter). Services depend on this
 * interface only; server.ts wires the real queue, tests may pass a queue that runs jobs when asked.
 */
export interface SendOptions {
  retryLimit?: number;
  /** Seconds before a failed job is retried (doubled each time with retryBackoff). */
  retryDelay?: number;
  retryBackoff?: boolean;
  /**
   * Only one queued job per key (e.g. one look-up per vehicle at a time) on queues created with policy
   * 'short' (see createQueue); send answers null when one is already queued.
   */
  singletonKey?: string;
  startAfter?: number | Date;
  /**
   * A queue that gets the job's data when the job fails for good, its handler never having recorded the failure
   * itself: its process died during the last attempt (expired, decision 112). Created by the queue before the send.
   */
  deadLetter?: string;
}

/** pg-boss queue policies: 'short' keeps one queued job per singleton key. */
export type QueuePolicy = 'standard' | 'short' | 'singleton' | 'stately';

/** What a handler knows about the run it is in (retries count from attempt 1). */
export interface JobContext {
  id: string;
  attempt: number;
  retryLimit: number;
  /** True when a failure now will not be retried. */
  isLastAttempt: boolean;
}

export interface JobQueue {
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /** The handler also gets the run's JobContext (optional in the type so simple fakes stay valid). */
  work<T extends object>(name: string, handler: (data: T, job?: JobContext) => Promise<void>): Promise<void>;
  /** Cron schedule in a time zone, e.g. ('expiry-engine', '0 7 * * *', {}, 'America/Bogota'). */
  schedule(name: string, cron: string, data: object, tz: string): Promise<void>;
  /**
   * Creates a queue with a policy before its first use (idempotent). Queues used without it are created
   * on first send/work/schedule with policy 'standard'.
   */
  createQueue?(name: string, options?: { policy?: QueuePolicy }): Promise<void>;
  /** Jobs waiting in each queue (the job queue depth metric). */
  depth?(): Promise<Record<string, number>>;
  stop(): Promise<void>;
}
