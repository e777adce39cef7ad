import { addDays, addMonths } from '@togo/domain/alerts/alerts.dates';
import { DATED_ALERT_CODES, type DatedAlertCode } from '@togo/domain/alerts/alerts.rules';
import { currentStep } from '@togo/domain/alerts/alerts.schedule';
import { notificationTexts } from '@togo/domain/alerts/alerts.texts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  createUser,
  createVehicle,
  deleteVehicle,
  setAlertDates,
  type TestUser,
} from '../alerts/alerts.test-fixtures.ts';
import {
  EXPIRY_ENGINE_CRON,
  EXPIRY_ENGINE_JOB,
  EXPIRY_ENGINE_TZ,
  registerExpiryJobs,
} from './expiry-engine.jobs.ts';

const TODAY = '2026-11-22';
/** 07:00 in Bogotá on a given local date. */
const at = (date: string) => `${date}T12:00:00Z`;

let t: TestContext;
let owner: TestUser;
let plate = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { WEB_URL: 'https://togo.example' } });
  owner = await createUser(t, 'Carlos');
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  t.clock.set(at(TODAY));
  // Every test starts with no dates and no notifications: earlier vehicles are removed.
  await t.database.query('delete from notifications');
  await t.database.query('delete from alert_dates');
});

async function vehicle(user = owner) {
  plate += 1;
  const placa = `KJU${String(plate).padStart(3, '0')}`;
  return { id: await createVehicle(t, user.id, placa), placa };
}

async function notificationsOf(vehicleId?: number) {
  return t.database.query<{
    vehicle_id: number;
    code: string;
    due_date: string;
    step: number;
    titulo: string;
    message: string;
    url_redireccion: string;
    logo_notificacion: string;
    delivered: boolean;
  }>(
    `select vehicle_id, code, due_date::text as due_date, step, titulo, message, url_redireccion, logo_notificacion,
            delivered_at is not null as delivered
     from notifications ${vehicleId === undefined ? '' : 'where vehicle_id = $1'} order by id`,
    vehicleId === undefined ? [] : [vehicleId],
  );
}

describe('expiry engine', () => {
  it('creates the right step at 30, 15, 7, 1, 0 days before and weekly while overdue, with Spanish texts', async () => {
    const offsets = [30, 15, 7, 1, 0, -7, -14, -21];
    const made: { id: number; placa: string; d: number }[] = [];
    for (const d of offsets) {
      const v = await vehicle();
      await setAlertDates(t, v.id, 'ALERTA_SOAT', 'user', null, addDays(TODAY, d));
      made.push({ ...v, d });
    }
    const run = await t.app.expiryEngine.run();
    expect(run.today).toBe(TODAY);
    expect(run.created).toHaveLength(offsets.length);
    const rows = await notificationsOf();
    expect(rows.map((r) => r.step)).toEqual(offsets);
    expect(rows.map((r) => r.titulo)).toEqual([
      'Tu SOAT vence en 30 días',
      'Tu SOAT vence en 15 días',
      'Tu SOAT vence en 7 días',
      'Tu SOAT vence mañana',
      'Tu SOAT vence hoy',
      'Tu SOAT está vencido',
      'Tu SOAT está vencido',
      'Tu SOAT está vencido',
    ]);
    const seven = made[2];
    expect(rows[2]).toMatchObject({
      vehicle_id: seven?.id,
      due_date: '2026-11-29',
      message: `El SOAT de tu vehículo ${seven?.placa} vence el 29-11-2026. Renuévalo a tiempo para evitar multas e inmovilización.`,
      url_redireccion: '/app/alerts/soat',
      logo_notificacion: '/static/notifications/soat.svg',
      delivered: true,
    });
    expect(rows[5]?.message).toBe(
      `El SOAT de tu vehículo ${made[5]?.placa} venció el 15-11-2026. Renuévalo cuanto antes: circular sin SOAT vigente acarrea multa e inmovilización.`,
    );
  });

  it('inserts nothing on a second run the same day', async () => {
    const v = await vehicle();
    await setAlertDates(t, v.id, 'ALERTA_RTM', 'registry', null, addDays(TODAY, 7));
    expect((await t.app.expiryEngine.run()).created).toHaveLength(1);
    const again = await t.app.expiryEngine.run();
    expect(again.created).toHaveLength(0);
    expect(again.delivery.emails).toBe(0);
    expect(await notificationsOf()).toHaveLength(1);
  });

  it('agrees with the domain step rule and texts for every code and every day from 60 overdue to 35 ahead', async () => {
    const cases: { vehicleId: number; placa: string; code: DatedAlertCode; d: number }[] = [];
    for (let d = 35; d >= -60; d -= 1) {
      const v = await vehicle();
      // One code per vehicle, rotating, so every code meets many offsets.
      const code = DATED_ALERT_CODES[(d + 600) % DATED_ALERT_CODES.length] as DatedAlertCode;
      // The kit's stored date is the last recharge: due 12 months later.
      const due = addDays(TODAY, d);
      const stored = code === 'ALERTA_KIT' ? addMonths(due, -12) : due;
      await setAlertDates(t, v.id, code, 'user', null, stored);
      cases.push({ vehicleId: v.id, placa: v.placa, code, d });
    }
    await t.app.expiryEngine.generate();
    const rows = await notificationsOf();
    const byVehicle = new Map(rows.map((r) => [r.vehicle_id, r]));
    for (const c of cases) {
      const step = currentStep(c.d);
      const row = byVehicle.get(c.vehicleId);
      if (step === null) {
        expect(row, `d=${c.d}`).toBeUndefined();
        continue;
      }
      const due = addDays(TODAY, c.d);
      expect(row, `d=${c.d} ${c.code}`).toMatchObject({
        code: c.code,
        step,
        due_date: due,
        ...notificationTexts({ code: c.code, placa: c.placa, dueDate: due, daysLeft: c.d }),
      });
    }
    expect(rows.length).toBe(cases.filter((c) => currentStep(c.d) !== null).length);
  });

  it('follows one due date day by day: each step once, on its day', async () => {
    const v = await vehicle();
    const due = addDays(TODAY, 40);
    await setAlertDates(t, v.id, 'ALERTA_IMPUESTO', 'user', null, due);
    const seen: { date: string; step: number }[] = [];
    for (let day = 0; day <= 75; day += 1) {
      const date = addDays(TODAY, day);
      t.clock.set(at(date));
      const run = await t.app.expiryEngine.run();
      for (const r of run.created) seen.push({ date, step: r.step });
    }
    expect(seen).toEqual([
      { date: addDays(due, -30), step: 30 },
      { date: addDays(due, -15), step: 15 },
      { date: addDays(due, -7), step: 7 },
      { date: addDays(due, -1), step: 1 },
      { date: due, step: 0 },
      { date: addDays(due, 7), step: -7 },
      { date: addDays(due, 14), step: -14 },
      { date: addDays(due, 21), step: -21 },
      { date: addDays(due, 28), step: -28 },
      { date: addDays(due, 35), step: -35 },
    ]);
  });

  it('catches up when it did not run on the exact day: the most recent step of the window, once', async () => {
    const v = await vehicle();
    const due = addDays(TODAY, 40);
    await setAlertDates(t, v.id, 'ALERTA_TODO_RIESGO', 'user', null, due);
    // Runs only every 5th day: 40, 35, 30… days before, then overdue.
    const seen: { daysLeft: number; step: number; titulo: string }[] = [];
    for (let day = 0; day <= 60; day += 5) {
      t.clock.set(at(addDays(TODAY, day)));
      const created = (await t.app.expiryEngine.run()).created;
      const rows = await notificationsOf(v.id);
      for (const r of created) {
        seen.push({
          daysLeft: 40 - day,
          step: r.step,
          titulo: rows.find((n) => n.step === r.step)?.titulo ?? '',
        });
      }
    }
    expect(seen).toEqual([
      { daysLeft: 30, step: 30, titulo: 'Tu póliza todo riesgo vence en 30 días' },
      { daysLeft: 15, step: 15, titulo: 'Tu póliza todo riesgo vence en 15 días' },
      // 7 and 1 were missed (runs at 10 and 5 days before fall in the 15 and 7 windows): 5 → step 7.
      { daysLeft: 5, step: 7, titulo: 'Tu póliza todo riesgo vence en 5 días' },
      { daysLeft: 0, step: 0, titulo: 'Tu póliza todo riesgo vence hoy' },
      { daysLeft: -10, step: -7, titulo: 'Tu póliza todo riesgo está vencida' },
      { daysLeft: -15, step: -14, titulo: 'Tu póliza todo riesgo está vencida' },
    ]);
  });

  it('a date entered late creates only the current step, with the real days left', async () => {
    const v = await vehicle();
    await setAlertDates(t, v.id, 'ALERTA_LICENCIA', 'user', null, addDays(TODAY, 20));
    const v2 = await vehicle();
    await setAlertDates(t, v2.id, 'ALERTA_SOAT', 'user', null, addDays(TODAY, -3));
    await t.app.expiryEngine.run();
    expect((await notificationsOf(v.id)).map((r) => [r.step, r.titulo])).toEqual([
      [30, 'Tu licencia de conducción vence en 20 días'],
    ]);
    expect((await notificationsOf(v2.id)).map((r) => [r.step, r.titulo])).toEqual([
      [0, 'Tu SOAT está vencido'],
    ]);
  });

  it('uses the user date over the registry date, and starts a new schedule when the due date changes', async () => {
    const v = await vehicle();
    await setAlertDates(t, v.id, 'ALERTA_SOAT', 'registry', null, addDays(TODAY, 7));
    await setAlertDates(t, v.id, 'ALERTA_SOAT', 'user', null, addDays(TODAY, 300));
    expect((await t.app.expiryEngine.run()).created).toHaveLength(0);
    // The user's row without an expiry does not hide the registry's.
    await setAlertDates(t, v.id, 'ALERTA_SOAT', 'user', '2026-01-01', null);
    expect((await t.app.expiryEngine.run()).created.map((r) => r.step)).toEqual([7]);
    // Renewed: the new due date gets its own schedule; the old one's notifications stay in the history.
    await setAlertDates(t, v.id, 'ALERTA_SOAT', 'user', null, addDays(TODAY, 15));
    const moved = await t.app.expiryEngine.run();
    expect(moved.created.map((r) => [r.due_date, r.step])).toEqual([[addDays(TODAY, 15), 15]]);
    expect(await notificationsOf(v.id)).toHaveLength(2);
  });

  it("the kit's due date is one year after the last recharge", async () => {
    const v = await vehicle();
    await setAlertDates(t, v.id, 'ALERTA_KIT', 'user', null, '2025-11-29');
    expect((await t.app.expiryEngine.run()).created).toMatchObject([{ due_date: '2026-11-29', step: 7 }]);
    expect((await notificationsOf(v.id))[0]?.titulo).toBe('La recarga de tu extintor vence en 7 días');
  });

  it('leaves out deleted vehicles', async () => {
    const v = await vehicle();
    await setAlertDates(t, v.id, 'ALERTA_SOAT', 'user', null, addDays(TODAY, 1));
    await deleteVehicle(t, v.id);
    expect((await t.app.expiryEngine.run()).created).toHaveLength(0);
  });

  it('uses the date in Bogotá, not UTC', async () => {
    const v = await vehicle();
    await setAlertDates(t, v.id, 'ALERTA_SOAT', 'user', null, addDays(TODAY, 7));
    // 2026-11-23 03:00 UTC is still 2026-11-22 22:00 in Bogotá.
    t.clock.set('2026-11-23T03:00:00Z');
    expect((await t.app.expiryEngine.run()).created.map((r) => r.step)).toEqual([7]);
  });

  it('runs for one vehicle only when its registry data changes', async () => {
    const a = await vehicle();
    const b = await vehicle();
    await setAlertDates(t, a.id, 'ALERTA_RTM', 'registry', null, addDays(TODAY, 1));
    await setAlertDates(t, b.id, 'ALERTA_RTM', 'registry', null, addDays(TODAY, 1));
    await t.app.expiryEngine.onRegistryUpdated(a.id);
    expect((await notificationsOf()).map((r) => r.vehicle_id)).toEqual([a.id]);
  });

  it("emails the vehicle's owner with a link to the alert screen", async () => {
    const other = await createUser(t, 'Lucía');
    const v = await vehicle(other);
    await setAlertDates(t, v.id, 'ALERTA_IMPUESTO', 'user', '2026-01-15', addDays(TODAY, 15));
    const run = await t.app.expiryEngine.run();
    expect(run.delivery).toMatchObject({ emails: 1, pushes: 0, removedSubscriptions: 0, suppressed: 2 });
    const [mail] = await listOutbox(t.database.db, other.email, 5);
    expect(mail).toMatchObject({ channel: 'email', subject: 'TOGO: Tu impuesto vehicular vence en 15 días' });
    const lines = mail?.body.split('\n') ?? [];
    expect(lines.pop()).toMatch(
      /^o date de baja con un clic: https:\/\/togo\.example\/api\/togo\/notificacion\/baja\/\?u=\d+&s=[0-9a-f]{64}$/,
    );
    expect(lines.join('\n')).toBe(
      [
        'Hola Lucía,',
        '',
        `El impuesto vehicular de tu vehículo ${v.placa} vence el 07-12-2026. Págalo a tiempo para evitar intereses de mora y sanciones.`,
        '',
        'Consulta los detalles en TOGO: https://togo.example/app/alerts/impuestos',
        '',
        `Recibes este correo porque tienes el vehículo ${v.placa} en tu garaje de TOGO.`,
        '¿No quieres recibir estos correos? Cámbialo en tus preferencias de avisos: https://togo.example/app/profile/avisos',
      ].join('\n'),
    );
    // Delivered once: nothing new, nothing re-sent.
    await t.app.expiryEngine.run();
    expect(await listOutbox(t.database.db, other.email, 5)).toHaveLength(1);
  });
});

describe('registerExpiryJobs', () => {
  it('schedules the daily run at 07:00 Bogotá and works both jobs', async () => {
    const handlers = new Map<string, (data: object) => Promise<void>>();
    const schedules: unknown[] = [];
    const queue: JobQueue = {
      send: async () => null,
      work: async <T extends object>(name: string, handler: (data: T) => Promise<void>) => {
        handlers.set(name, handler as (data: object) => Promise<void>);
      },
      schedule: async (name, cron, data, tz) => {
        schedules.push({ name, cron, data, tz });
      },
      stop: async () => undefined,
    };
    const calls: string[] = [];
    const NO_DELIVERY = {
      emails: 0,
      pushes: 0,
      whatsapps: 0,
      sms: 0,
      held: 0,
      suppressed: 0,
      failed: 0,
      removedSubscriptions: 0,
    };
    await registerExpiryJobs(queue, {
      run: async () => {
        calls.push('all');
        return { today: TODAY, created: [], delivery: NO_DELIVERY };
      },
      runForVehicle: async (id: number) => {
        calls.push(`vehicle ${id}`);
        return { today: TODAY, created: [], delivery: NO_DELIVERY };
      },
    });
    expect(schedules).toEqual([
      { name: EXPIRY_ENGINE_JOB, cron: '0 7 * * *', data: {}, tz: 'America/Bogota' },
    ]);
    expect([EXPIRY_ENGINE_CRON, EXPIRY_ENGINE_TZ]).toEqual(['0 7 * * *', 'America/Bogota']);
    await handlers.get('expiry-engine')?.({});
    await handlers.get('expiry-engine-vehicle')?.({ vehicleId: 4 });
    expect(calls).toEqual(['all', 'vehicle 4']);
  });
});
