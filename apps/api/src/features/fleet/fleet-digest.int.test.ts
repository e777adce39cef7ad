import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FLEET_DIGEST_PREVIEW_PATH,
  FLEET_DIGEST_SETTINGS_PATH,
} from '@togo/domain/fleet/fleet-digest.contract';
import { users } from '../../db/schema.ts';
import { listOutbox, OutboxMessenger } from '../../integrations/messaging/outbox.messenger.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { FleetAlertsRepository } from './fleet-alerts.repository.ts';
import { FleetAlertsService } from './fleet-alerts.service.ts';
import { FleetComplianceRepository } from './fleet-compliance.repository.ts';
import { FleetComplianceService } from './fleet-compliance.service.ts';
import { FleetCompanyRepository } from './fleet-company.repository.ts';
import { addFleetVehicle, addMember, fleetFine } from './fleet-companies.test-support.ts';
import { FLEET_DIGEST_CRON, FLEET_DIGEST_JOB, FLEET_DIGEST_TZ } from './fleet-digest.jobs.ts';
import { FleetDigestRepository } from './fleet-digest.repository.ts';
import { FleetDigestService } from './fleet-digest.service.ts';
import { createCompanyUser } from './fleet.test-support.ts';

/** Monday 19 Jan 2026, 07:00 in Bogotá. */
const MONDAY = '2026-01-19T12:00:00Z';
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestContext;
let company: TestUser;
let admin: TestUser;
let operador: TestUser;
let quiet: TestUser;

const emailOf = async (user: TestUser) => {
  const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
  return row?.email ?? '';
};
const digestsTo = async (user: TestUser) =>
  (await listOutbox(t.database.db, await emailOf(user), 50)).filter((m) =>
    (m.subject ?? '').startsWith('Resumen semanal de tu flota'),
  );

/** Another instance of the service over the same database (as a second API process would have). */
const twin = () =>
  new FleetDigestService({
    repo: new FleetDigestRepository(t.database.db),
    company: new FleetCompanyRepository(t.database.db),
    alerts: new FleetAlertsService(new FleetAlertsRepository(t.database.db), t.clock),
    compliance: new FleetComplianceService(new FleetComplianceRepository(t.database.db), t.clock),
    messenger: new OutboxMessenger(t.database.db, t.clock),
    clock: t.clock,
    webUrl: 'http://localhost',
    log: { info: () => {}, error: () => {} },
  });

async function runJob() {
  await t.jobs.send(FLEET_DIGEST_JOB, {});
  const ran = await t.jobs.drain();
  for (const job of ran) expect(job.errors).toEqual([]);
}

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock(MONDAY) });
  company = await createCompanyUser(t);
  await t.database.db.update(users).set({ razonSocial: 'Fletes Ñandú' }).where(eq(users.id, company.id));
  admin = await addMember(t, company.id, 'administrador');
  operador = await addMember(t, company.id, 'operador');
  await addFleetVehicle(
    t,
    company.id,
    'EXP111',
    { soat: { fecha_vencimiento: '2026-01-10' }, rtm: null },
    [],
  );
  await addFleetVehicle(
    t,
    company.id,
    'SON222',
    { soat: { fecha_vencimiento: '2026-12-31' }, rtm: { fecha_vencimiento: '2026-02-05' } },
    [
      fleetFine(468_000, 'vigente', '2026-01-15'),
      fleetFine(200_000, 'vigente', '2025-10-01'),
      // Issue 37: a fine in cobro coactivo is owed too; a paid one is not.
      fleetFine(1_250_000, 'En cobro coactivo', '2026-01-16'),
      fleetFine(99_000, 'pagado', '2026-01-17'),
    ],
  );
  // Santa Marta: no pico y placa rule in force after 11 Oct 2025 (documents in order).
  const ok = { soat: { fecha_vencimiento: '2026-12-31' }, rtm: { fecha_vencimiento: '2026-12-31' } };
  await addFleetVehicle(t, company.id, 'SMR444', ok, [], 47001);
  await addFleetVehicle(t, company.id, 'SMR445', ok, [], 47001);
  quiet = await createCompanyUser(t);
  await addFleetVehicle(t, quiet.id, 'QUI333', { soat: { fecha_vencimiento: '2026-01-01' }, rtm: null }, []);
});
afterAll(async () => {
  await t?.close();
});

describe('weekly fleet digest', () => {
  it('is scheduled on Mondays at 07:00 Bogotá', () => {
    expect(t.jobs.schedules).toContainEqual({
      name: FLEET_DIGEST_JOB,
      cron: FLEET_DIGEST_CRON,
      data: {},
      tz: FLEET_DIGEST_TZ,
    });
    expect(FLEET_DIGEST_CRON).toBe('0 7 * * 1');
  });

  it('the switch: every member reads it, only an administrador changes it, bad input is a 400', async () => {
    const get = await t.app.inject({
      method: 'GET',
      url: FLEET_DIGEST_SETTINGS_PATH,
      headers: operador.headers,
    });
    expect(get.json()).toEqual({ activo: true });
    const put = (user: TestUser, payload: object) =>
      t.app.inject({ method: 'PUT', url: FLEET_DIGEST_SETTINGS_PATH, headers: user.headers, payload });
    expect((await put(operador, { activo: false })).statusCode).toBe(403);
    const bad = await put(quiet, { activo: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ activo: ['Indica si el resumen semanal está activo (true o false).'] });
    const off = await put(quiet, { activo: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ activo: false });
  });

  it('"send now to me": the preview goes to the administrador who asks only, and Monday still sends (issue 37)', async () => {
    const preview = (user?: TestUser) =>
      t.app.inject({ method: 'POST', url: FLEET_DIGEST_PREVIEW_PATH, headers: user?.headers ?? {} });
    expect((await preview()).statusCode).toBe(401);
    expect((await preview(operador)).statusCode).toBe(403);
    const sent = await preview(admin);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ enviado_a: await emailOf(admin) });
    const [mail] = await listOutbox(t.database.db, await emailOf(admin), 50);
    expect(mail?.subject).toBe('Vista previa: Resumen semanal de tu flota — Fletes Ñandú');
    expect(mail?.body).toContain('- EXP111: SOAT venció el 10-01-2026');
    expect(await listOutbox(t.database.db, await emailOf(company), 50)).toHaveLength(0);
    expect(await listOutbox(t.database.db, await emailOf(operador), 50)).toHaveLength(0);
  });

  it('goes to each administrador once, with expired, expiring and new fines; not to operadores nor when off', async () => {
    await runJob();
    for (const who of [company, admin]) {
      const mails = await digestsTo(who);
      expect(mails).toHaveLength(1);
      const body = mails[0]?.body ?? '';
      expect(mails[0]?.subject).toBe('Resumen semanal de tu flota — Fletes Ñandú');
      expect(body).toContain(
        'Vehículos sin SOAT o revisión técnico-mecánica vigente (1):\n- EXP111: SOAT venció el 10-01-2026',
      );
      expect(body).toContain(
        'Vencen en los próximos 30 días (1):\n- SON222: Revisión técnico-mecánica vence el 05-02-2026',
      );
      expect(body).toContain(
        'Multas nuevas desde el 12-01-2026 (2):\n- SON222: $ 1.250.000 (16-01-2026)\n- SON222: $ 468.000 (15-01-2026)',
      );
      // Unknown is its own state (issue 33), never counted as free.
      expect(body).toContain(
        'Pico y placa: sin información vigente hoy (1):\n- Santa Marta: 2 vehículos (no tenemos la medida vigente; consulta la fuente oficial)',
      );
    }
    expect(await digestsTo(operador)).toHaveLength(0);
    expect(await digestsTo(quiet)).toHaveLength(0);
  });

  it('a second run the same week (or two instances at once) sends nothing more', async () => {
    await runJob();
    const runs = await Promise.all([twin().runWeekly(), twin().runWeekly()]);
    expect(runs.map((r) => r.sent)).toEqual([0, 0]);
    expect(await digestsTo(company)).toHaveLength(1);
    expect(await digestsTo(admin)).toHaveLength(1);
  });

  it(`next Monday: two instances race and each administrador still gets exactly one${onPostgres ? '' : ' (PGlite: serialised)'}`, async () => {
    t.clock.set('2026-01-26T12:00:00Z');
    const runs = await Promise.all([twin().runWeekly(), twin().runWeekly()]);
    expect(runs[0]?.semana).toBe('2026-01-26');
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(2);
    const mails = await digestsTo(admin);
    expect(mails).toHaveLength(2);
    // New fines now start at the previous digest's day: the 15 Jan fine is not new any more.
    expect(mails[0]?.body).toContain('Multas nuevas desde el 19-01-2026 (0):\nNo hay multas nuevas.');
  });
});
