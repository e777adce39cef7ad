import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { PICO_PLACA_REVIEW_MAIL_CRON, PICO_PLACA_REVIEW_MAIL_JOB } from './operator.jobs.ts';
import { createStaff, type TestStaff } from './operator.test-support.ts';

/** Sunday 22 Nov 2026, 08:00 in Bogotá: Villavicencio's rule ends on 22 Dec 2026, 30 days later. */
const NOW = '2026-11-22T13:00:00Z';

let t: TestContext;
let contenido: TestStaff;
let operaciones: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock(NOW) });
  contenido = await createStaff(t, 'contenido');
  operaciones = await createStaff(t, 'operaciones');
});
afterAll(async () => {
  await t?.close();
});

async function runJob() {
  await t.jobs.send(PICO_PLACA_REVIEW_MAIL_JOB, {});
  const ran = await t.jobs.drain();
  for (const job of ran) expect(job.errors).toEqual([]);
}

const reviewMails = async (email: string) =>
  (await listOutbox(t.database.db, email, 50)).filter((m) =>
    (m.subject ?? '').startsWith('Pico y placa por revisar'),
  );

describe('staff emails before a pico y placa rule ends (issue 33)', () => {
  it('is scheduled daily at 08:00 Bogotá', () => {
    expect(t.jobs.schedules).toContainEqual({
      name: PICO_PLACA_REVIEW_MAIL_JOB,
      cron: PICO_PLACA_REVIEW_MAIL_CRON,
      data: {},
      tz: 'America/Bogota',
    });
  });

  it('30 days before, then 7 days before, once each, to those who may edit pico y placa', async () => {
    await runJob();
    const first = await reviewMails(contenido.email);
    expect(first.map((m) => m.subject)).toContain('Pico y placa por revisar: Villavicencio (30 días)');
    const villavicencio = first.find((m) => m.subject?.includes('Villavicencio'));
    expect(villavicencio?.body).toContain(
      'La regla villavicencio-particulares-2026 de Villavicencio termina el 22/12/2026.',
    );
    expect(villavicencio?.body).toContain('/operador/pico-placa?ciudad=50001');
    expect(await reviewMails(operaciones.email)).toEqual([]);

    // The next day and a second run: nothing more.
    t.clock.set('2026-11-23T13:00:00Z');
    await runJob();
    await runJob();
    const count = (await reviewMails(contenido.email)).filter((m) => m.subject?.includes('Villavicencio'));
    expect(count).toHaveLength(1);

    // 7 days before: the second notice, once.
    t.clock.set('2026-12-15T13:00:00Z');
    await runJob();
    await runJob();
    const subjects = (await reviewMails(contenido.email))
      .map((m) => m.subject)
      .filter((s) => s?.includes('Villavicencio'));
    expect(subjects.sort()).toEqual([
      'Pico y placa por revisar: Villavicencio (30 días)',
      'Pico y placa por revisar: Villavicencio (7 días)',
    ]);
  });
});
