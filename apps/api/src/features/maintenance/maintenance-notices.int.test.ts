import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_PATHS as P } from '@togo/domain/maintenance/maintenance.contract';
import { reminderState } from '@togo/domain/maintenance/reminder-schedule';
import { notificationDeliveries, notifications, users } from '../../db/schema.ts';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { MaintenanceNoticesRepository } from './maintenance-notices.repository.ts';
import { MAINTENANCE_NOTICES_CRON, MAINTENANCE_NOTICES_JOB } from './maintenance-notices.jobs.ts';
import { fillUp, maintenanceWorld, oilChange } from './maintenance.test-support.ts';

const { w, vehicleOf, send } = maintenanceWorld();

const emailOf = async (user: TestUser) =>
  (await w.t.database.db.select({ email: users.email }).from(users).where(eq(users.id, user.id)))[0]?.email ??
  '';
const noticesOf = (vehicleId: number) =>
  w.t.database.db
    .select({
      code: notifications.code,
      step: notifications.step,
      titulo: notifications.titulo,
      url: notifications.urlRedireccion,
    })
    .from(notifications)
    .where(eq(notifications.vehicleId, vehicleId))
    .orderBy(notifications.id);

describe('the reminder state in SQL', () => {
  it('agrees with the domain rule for every reminder, mileage and day around the thresholds', async () => {
    const plans = [
      { cada_km: 5_000, ultimo_km: 40_000 },
      { cada_meses: 6, ultima_fecha: '2026-06-15' },
      { cada_km: 5_000, cada_meses: 6, ultimo_km: 40_000, ultima_fecha: '2026-06-15' },
    ];
    const ids: number[] = [];
    for (const km of [44_000, 44_499, 44_500, 44_999, 45_000, 46_000]) {
      const id = await vehicleOf(w.beto, km);
      ids.push(id);
      for (const [i, plan] of plans.entries()) {
        const tipo = ['cambio_aceite', 'frenos', 'filtros'][i];
        expect((await send('POST', P.reminders, id, w.beto, { tipo, ...plan })).statusCode).toBe(201);
      }
    }
    const repo = new MaintenanceNoticesRepository(w.t.database.db);
    for (const today of [
      '2026-11-22',
      '2026-11-30',
      '2026-12-01',
      '2026-12-14',
      '2026-12-15',
      '2027-01-01',
    ]) {
      const sqlStates = await repo.statesInSql(today);
      const [rows] = await Promise.all([
        w.t.database.query<{
          id: number;
          proximo_km: number | null;
          proxima_fecha: string | null;
          km: number;
        }>(
          `select r.id, r.proximo_km, to_char(r.proxima_fecha, 'YYYY-MM-DD') as proxima_fecha, v.kilometraje_digitado as km
           from maintenance_reminders r join vehicles v on v.id = r.vehicle_id where v.id = any($1)`,
          [ids],
        ),
      ]);
      expect(rows.length).toBe(18);
      for (const r of rows) {
        const expected = reminderState(
          { proximo_km: r.proximo_km, proxima_fecha: r.proxima_fecha },
          r.km,
          today,
        );
        expect(sqlStates.get(r.id), `${today} ${JSON.stringify(r)}`).toBe(expected);
      }
    }
  });
});

describe('the daily service-reminder notices', () => {
  let id: number;
  let email: string;
  beforeAll(async () => {
    await w.t.database.query('delete from maintenance_reminders');
    id = await vehicleOf(w.ana, 44_600);
    email = await emailOf(w.ana);
    await send('POST', P.reminders, id, w.ana, { tipo: 'cambio_aceite', cada_km: 5_000, ultimo_km: 40_000 });
    await send('POST', P.reminders, id, w.ana, {
      tipo: 'bateria',
      cada_meses: 24,
      ultima_fecha: '2026-01-01',
    });
  });

  it('is scheduled every day at 07:10 in Bogotá', () => {
    expect(w.t.jobs.schedules).toContainEqual(
      expect.objectContaining({
        name: MAINTENANCE_NOTICES_JOB,
        cron: MAINTENANCE_NOTICES_CRON,
        tz: 'America/Bogota',
      }),
    );
  });

  it('sends one notice when a reminder turns pronto, through the channels, and nothing on the next run', async () => {
    const before = (await listOutbox(w.t.database.db, email, 50)).length;
    const first = await w.t.app.maintenanceNotices.run();
    expect(first).toMatchObject({ today: '2026-11-22', claimed: 1, created: 1 });
    expect(await noticesOf(id)).toEqual([
      {
        code: 'MANTENIMIENTO_CAMBIO_ACEITE',
        step: 1,
        titulo: expect.stringContaining('Cambio de aceite de MTO'),
        url: `/app/vehiculo/${id}/mantenimiento`,
      },
    ]);
    const mails = await listOutbox(w.t.database.db, email, 50);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]?.body).toContain('a los 45.000 km');
    expect(await w.t.app.maintenanceNotices.run()).toMatchObject({ claimed: 0, created: 0 });
    expect(await noticesOf(id)).toHaveLength(1);
  });

  it('sends the overdue notice once, and a service starts a new cycle', async () => {
    await send('POST', P.fuel, id, w.ana, fillUp({ fecha: '2026-11-22', kilometraje: 45_010 }));
    expect((await w.t.app.maintenanceNotices.run()).created).toBe(1);
    expect((await noticesOf(id)).map((n) => n.step)).toEqual([1, 0]);
    expect((await w.t.app.maintenanceNotices.run()).created).toBe(0);
    await send('POST', P.records, id, w.ana, oilChange({ fecha: '2026-11-22', kilometraje: 45_020 }));
    expect((await w.t.app.maintenanceNotices.run()).created).toBe(0);
    // 500 km before the next change, a new notice.
    await send('POST', P.fuel, id, w.ana, fillUp({ fecha: '2026-11-22', kilometraje: 49_600 }));
    w.t.clock.set('2026-11-23T12:00:00Z');
    expect((await w.t.app.maintenanceNotices.run()).created).toBe(1);
    w.t.clock.set('2026-11-22T12:00:00Z');
  });

  it('follows the preferences: kind mantenimiento off suppresses every channel', async () => {
    const res = await w.t.app.inject({
      method: 'PUT',
      url: '/api/togo/notificacion/preferencias/',
      headers: w.ana.headers,
      payload: { tipos: { mantenimiento: false } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const before = (await listOutbox(w.t.database.db, email, 50)).length;
    // 400 km before the next brake service: pronto.
    await send('POST', P.reminders, id, w.ana, { tipo: 'frenos', cada_km: 1_000, ultimo_km: 49_000 });
    expect((await w.t.app.maintenanceNotices.run()).created).toBe(1);
    expect((await listOutbox(w.t.database.db, email, 50)).length).toBe(before);
    const logged = await w.t.database.db
      .select({ status: notificationDeliveries.status, kind: notificationDeliveries.kind })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.userId, w.ana.id));
    expect(logged).toContainEqual({ status: 'suppressed', kind: 'mantenimiento' });
  });

  it('never notifies a reminder twice when runs overlap (several instances)', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const v = await vehicleOf(w.beto, 10_000);
      ids.push(v);
      await send('POST', P.reminders, v, w.beto, { tipo: 'llantas', cada_km: 400, ultimo_km: 10_000 });
    }
    const runs = await Promise.all([1, 2, 3].map(() => w.t.app.maintenanceNotices.run()));
    expect(runs.reduce((sum, r) => sum + r.claimed, 0)).toBe(5);
    for (const v of ids) expect(await noticesOf(v)).toHaveLength(1);
  });
});

describe('the calendar feed', () => {
  it('shows each dated reminder as an all-day event on its next date', async () => {
    const id = await vehicleOf(w.ana, 10_000);
    await send('POST', P.reminders, id, w.ana, {
      tipo: 'alineacion_balanceo',
      cada_meses: 6,
      ultima_fecha: '2026-10-05',
    });
    await send('POST', P.reminders, id, w.ana, { tipo: 'frenos', cada_km: 10_000 });
    const link = await w.t.app.inject({
      method: 'GET',
      url: '/api/togo/calendario/',
      headers: w.ana.headers,
    });
    const feedPath = new URL(link.json().url as string).pathname;
    const feed = await w.t.app.inject({ method: 'GET', url: feedPath });
    expect(feed.statusCode).toBe(200);
    const body = feed.body.replace(/\r\n /g, '');
    expect(body).toContain(`UID:mantenimiento-${id}-alineacion_balanceo@togo.com.co`);
    expect(body).toContain('DTSTART;VALUE=DATE:20270405');
    expect(body).toContain('SUMMARY:Alineación y balanceo · MTO');
    // A reminder in kilometres alone has no day.
    expect(body).not.toContain(`UID:mantenimiento-${id}-frenos@togo.com.co`);
  });
});
