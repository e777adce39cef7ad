import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A background job's run that failed for good (its last attempt), recorded by jobs/failure-recorder.ts for the
 * operator console's dashboard (decision 029). Retried attempts that later succeed are not failures.
 */
export const jobFailures = pgTable(
  'job_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    nombre: text('nombre').notNull(),
    error: text('error').notNull(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull(),
  },
  (t) => [index('job_failures_fecha_idx').on(t.fecha)],
);
