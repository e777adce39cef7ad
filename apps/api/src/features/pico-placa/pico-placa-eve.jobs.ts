import type { JobQueue } from '../../jobs/job-queue.ts';
import type { PicoPlacaEveService } from './pico-placa-eve.service.ts';

export const PICO_PLACA_EVE_JOB = 'pico-placa-eve';
export const PICO_PLACA_EVE_TZ = 'America/Bogota';

/** '19:00' → '0 19 * * *' (every day at that local time). */
export function eveCron(time: string): string {
  const [h, m] = time.split(':');
  return `${Number(m)} ${Number(h)} * * *`;
}

/**
 * Schedules the evening-before notice at PICO_PLACA_NOTICE_TIME, America/Bogota. pg-boss hands each run to one
 * process and retries a failed one; a retry or a second instance creates nothing twice (unique key) and sends
 * nothing twice (each notice is claimed before it is sent).
 */
export async function registerPicoPlacaEveJobs(
  queue: JobQueue,
  eve: Pick<PicoPlacaEveService, 'run'>,
  time: string,
): Promise<void> {
  await queue.work(PICO_PLACA_EVE_JOB, async () => {
    await eve.run();
  });
  await queue.schedule(PICO_PLACA_EVE_JOB, eveCron(time), {}, PICO_PLACA_EVE_TZ);
}
