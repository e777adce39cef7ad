import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createUser, createVehicle, type TestUser } from '../alerts/alerts.test-fixtures.ts';
import { eveCron, PICO_PLACA_EVE_JOB } from './pico-placa-eve.jobs.ts';
import { PicoPlacaEveRepository } from './pico-placa-eve.repository.ts';
import { PicoPlacaEveService } from './pico-placa-eve.service.ts';
import { PicoPlacaRepository } from './pico-placa.repository.ts';

/**
 * The evening-before "pico y placa mañana" notice (decision 041). Bogotá restricts private cars by the date's
 * parity: on Thursday 26 November 2026 (even) plates ending in 1 to 5, 06:00–21:00; 6 to 0 may circulate.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
/** Wednesday 25 November 2026, 19:00 in Bogotá (UTC−5). */
const EVE = '2026-11-26T00:00:00Z';
const PREFS = '/api/togo/notificacion/preferencias/';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ env: { WEB_URL: 'https://togo.example' } });
});
afterAll(async () => {
  await t.close();
});

async function prefs(user: TestUser, body: object) {
  const res = await t.app.inject({ method: 'PUT', url: PREFS, headers: user.headers, payload: body });
  expect(res.statusCode, res.body).toBe(200);
}
const optIn = (user: TestUser, extra: object = {}) => prefs(user, { tipos: { pico_placa: true }, ...extra });

async function selectedVehicle(user: TestUser, placa: string): Promise<number> {
  const id = await createVehicle(t, user.id, placa);
  // Two statements, as the garage does: the partial unique index never sees two selected vehicles.
  await t.database.query(`update vehicles set is_selected = false where user_id = $1`, [user.id]);
  await t.database.query(`update vehicles set is_selected = true where id = $1`, [id]);
  return id;
}

function notices(vehicleId: number) {
  return t.database.query<{
    code: string;
    due_date: string;
    titulo: string;
    message: string;
    delivered: boolean;
  }>(
    `select code, due_date::text as due_date, titulo, message, delivered_at is not null as delivered
     from notifications where vehicle_id = $1 order by id`,
    [vehicleId],
  );
}

function deliveries(user: TestUser) {
  return t.database.query<{ kind: string; channel: string; status: string; reason: string | null }>(
    `select kind, channel, status, reason from notification_deliveries where user_id = $1 order by channel`,
    [user.id],
  );
}

describe('pico y placa tomorrow, the evening before', () => {
  it('an opted-in user whose selected vehicle is restricted tomorrow gets one notice with the hours', async () => {
    const ana = await createUser(t, 'Ana');
    await optIn(ana);
    const car = await selectedVehicle(ana, 'PPA123');
    t.clock.set(EVE);
    const run = await t.app.picoPlacaEve.run();
    expect(run).toMatchObject({ date: '2026-11-26', created: 1, delivered: 1 });
    expect(await notices(car)).toEqual([
      {
        code: 'PICO_PLACA_MANANA',
        due_date: '2026-11-26',
        titulo: 'PPA123 tiene pico y placa el jueves 26-11-2026',
        message:
          'En Bogotá, el vehículo PPA123 tiene pico y placa el jueves 26-11-2026 de 06:00 a 21:00 (medida por confirmar). Planea tus trayectos con tiempo.',
        delivered: true,
      },
    ]);
    const mails = await listOutbox(t.database.db, ana.email, 5);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('TOGO: PPA123 tiene pico y placa el jueves 26-11-2026');
    expect(mails[0]?.body).toContain('https://togo.example/app/alerts/pico-placa');
    // Email sent; WhatsApp and SMS are off by default: suppressed, and all of it in the delivery log.
    expect(await deliveries(ana)).toEqual([
      { kind: 'pico_placa', channel: 'email', status: 'sent', reason: null },
      {
        kind: 'pico_placa',
        channel: 'sms',
        status: 'suppressed',
        reason: 'Canal desactivado en las preferencias (SMS)',
      },
      {
        kind: 'pico_placa',
        channel: 'whatsapp',
        status: 'suppressed',
        reason: 'Canal desactivado en las preferencias (WhatsApp)',
      },
    ]);

    // A retry of the job, or a second run the same evening, creates and sends nothing more.
    expect(await t.app.picoPlacaEve.run()).toMatchObject({ created: 0, delivered: 0 });
    await t.jobs.send(PICO_PLACA_EVE_JOB, {});
    await t.jobs.drain();
    expect(await notices(car)).toHaveLength(1);
    expect(await listOutbox(t.database.db, ana.email, 5)).toHaveLength(1);
    expect(await deliveries(ana)).toHaveLength(3);
  });

  it('is opt-in: nothing for users who never turned it on, whatever else they saved', async () => {
    const beto = await createUser(t, 'Beto');
    const carla = await createUser(t, 'Carla');
    await prefs(carla, { canales: { sms: true } });
    const betoCar = await selectedVehicle(beto, 'PPC123');
    const carlaCar = await selectedVehicle(carla, 'PPC125');
    for (const user of [beto, carla]) {
      const res = await t.app.inject({ method: 'GET', url: PREFS, headers: user.headers });
      expect(res.json().tipos.pico_placa).toBe(false);
    }
    t.clock.set(EVE);
    await t.app.picoPlacaEve.run();
    expect(await notices(betoCar)).toEqual([]);
    expect(await notices(carlaCar)).toEqual([]);
    expect(await deliveries(carla)).toEqual([]);
  });

  it('nothing when tomorrow is unrestricted, nor for a vehicle that is not the selected one', async () => {
    const dora = await createUser(t, 'Dora');
    await optIn(dora);
    const other = await createVehicle(t, dora.id, 'PPD123');
    const free = await selectedVehicle(dora, 'PPD128');
    t.clock.set(EVE);
    await t.app.picoPlacaEve.run();
    expect(await notices(free)).toEqual([]);
    expect(await notices(other)).toEqual([]);
    // Friday evening: Saturday has no pico y placa in Bogotá.
    const weekday = await selectedVehicle(dora, 'PPD125');
    t.clock.set('2026-11-28T00:00:00Z');
    expect((await t.app.picoPlacaEve.run()).date).toBe('2026-11-28');
    expect(await notices(weekday)).toEqual([]);
    expect(await deliveries(dora)).toEqual([]);
  });

  it('reads the rules from the database: an operator edit applies to the next run', async () => {
    const eli = await createUser(t, 'Elí');
    await optIn(eli);
    const car = await selectedVehicle(eli, 'PPE123');
    const [bogota] = await t.database.query<{ key: string; data: unknown }>(
      `select key, data from pico_placa_cities where data->>'dane_code' = '11001'`,
    );
    if (!bogota) throw new Error('Bogotá rules not seeded');
    await t.database.query(
      `update pico_placa_cities set data = jsonb_set(data, '{rules}', '[]') where key = $1`,
      [bogota.key],
    );
    try {
      t.clock.set(EVE);
      await t.app.picoPlacaEve.run();
      // No rule at all: the driver is told TOGO does not know (issue 33), not left in silence.
      expect((await notices(car)).map((n) => n.code)).toEqual(['PICO_PLACA_SIN_INFO']);
    } finally {
      await t.database.query(`update pico_placa_cities set data = $2::jsonb where key = $1`, [
        bogota.key,
        JSON.stringify(bogota.data),
      ]);
    }
    await t.app.picoPlacaEve.run();
    expect((await notices(car)).map((n) => n.code)).toEqual(['PICO_PLACA_SIN_INFO', 'PICO_PLACA_MANANA']);
  });

  it('when tomorrow is unknown it says so, once for the city period (issue 33)', async () => {
    const hugo = await createUser(t, 'Hugo');
    await optIn(hugo);
    const car = await selectedVehicle(hugo, 'PPH123');
    // Medellín: its last rule ended on 31 Jul 2026, so 26 Nov 2026 is unknown since 1 Aug.
    await t.database.query(`update vehicles set department_id = 5, city_id = 5001 where id = $1`, [car]);
    t.clock.set(EVE);
    const run = await t.app.picoPlacaEve.run();
    expect(run).toMatchObject({ date: '2026-11-26', unknown: 1 });
    expect(await notices(car)).toEqual([
      {
        code: 'PICO_PLACA_SIN_INFO',
        due_date: '2026-08-01',
        titulo: 'Sin información de pico y placa en Medellín',
        message:
          'No tenemos la medida de pico y placa de Medellín para el jueves 26-11-2026; consulta la fuente oficial antes de salir. No te avisaremos de nuevo mientras sigamos sin ella.',
        delivered: true,
      },
    ]);
    const mails = await listOutbox(t.database.db, hugo.email, 5);
    expect(mails.map((m) => m.subject)).toEqual(['TOGO: Sin información de pico y placa en Medellín']);
    // The next evenings of the same period: nothing more.
    t.clock.set('2026-11-27T00:00:00Z');
    expect((await t.app.picoPlacaEve.run()).unknown).toBeGreaterThanOrEqual(1);
    t.clock.set('2026-11-28T00:00:00Z');
    await t.app.picoPlacaEve.run();
    expect(await notices(car)).toHaveLength(1);
    expect(await listOutbox(t.database.db, hugo.email, 5)).toHaveLength(1);
  });

  it('quiet hours that start earlier hold it; it goes out when the window opens, naming the day', async () => {
    const fede = await createUser(t, 'Fede');
    await optIn(fede, { silencio: { desde: '18:00', hasta: '07:00' } });
    await selectedVehicle(fede, 'PPF123');
    t.clock.set(EVE);
    await t.app.picoPlacaEve.run();
    expect((await deliveries(fede)).find((d) => d.channel === 'email')).toMatchObject({
      status: 'held',
      reason: 'Horario de silencio',
    });
    expect(await listOutbox(t.database.db, fede.email, 5)).toHaveLength(0);
    t.clock.set('2026-11-26T11:59:00Z');
    await t.app.notificationDelivery.releaseHeld();
    expect(await listOutbox(t.database.db, fede.email, 5)).toHaveLength(0);
    t.clock.set('2026-11-26T12:00:00Z');
    await t.app.notificationDelivery.releaseHeld();
    const mails = await listOutbox(t.database.db, fede.email, 5);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain('tiene pico y placa el jueves 26-11-2026 de 06:00 a 21:00');
    expect((await deliveries(fede)).find((d) => d.channel === 'email')?.status).toBe('sent');
  });

  it('turning the kind off again stops it, and a notice created but not sent (crash) is sent by the retry', async () => {
    const gabi = await createUser(t, 'Gabi');
    await optIn(gabi);
    const car = await selectedVehicle(gabi, 'PPG123');
    await prefs(gabi, { tipos: { pico_placa: false } });
    t.clock.set(EVE);
    await t.app.picoPlacaEve.run();
    expect(await notices(car)).toEqual([]);

    await optIn(gabi);
    // The first half of a run that crashed before delivering: the notice exists, undelivered.
    await new PicoPlacaEveRepository(t.database.db).insertNotices(
      [{ userId: gabi.id, vehicleId: car, titulo: 'PPG123 tiene pico y placa', message: 'Mensaje' }],
      'PICO_PLACA_MANANA',
      '2026-11-26',
      { url: '/app/alerts/pico-placa', logo: '/static/notifications/pico-placa.svg' },
      t.clock.now(),
    );
    await t.app.picoPlacaEve.run();
    expect(await notices(car)).toMatchObject([{ delivered: true }]);
    expect(await listOutbox(t.database.db, gabi.email, 5)).toHaveLength(1);
  });
});

describe(`two instances run at once${onPostgres ? ' (PostgreSQL)' : ' (PGlite: serialised)'}`, () => {
  it('one notice and one message per user, however the runs interleave', async () => {
    const users: TestUser[] = [];
    const cars: number[] = [];
    for (let i = 0; i < 6; i++) {
      const user = await createUser(t, `Conc${i}`);
      await optIn(user);
      cars.push(await selectedVehicle(user, `PX${'ABCDEF'[i]}12${(i % 5) + 1}`));
      users.push(user);
    }
    const instance = () =>
      new PicoPlacaEveService({
        repo: new PicoPlacaEveRepository(t.database.db),
        rules: new PicoPlacaRepository(t.database.db),
        notifications: t.app.notificationDelivery,
        clock: t.clock,
      });
    t.clock.set(EVE);
    const runs = await Promise.all([instance().run(), instance().run(), instance().run()]);
    expect(runs.reduce((n, r) => n + r.created, 0)).toBe(6);
    for (const car of cars) expect(await notices(car)).toHaveLength(1);
    for (const user of users) {
      expect(await listOutbox(t.database.db, user.email, 5)).toHaveLength(1);
      expect((await deliveries(user)).filter((d) => d.channel === 'email')).toHaveLength(1);
    }
  });
});

describe('schedule and settings', () => {
  it('runs daily at PICO_PLACA_NOTICE_TIME in Bogotá (19:00 by default) and tells the web the hour', async () => {
    expect(t.jobs.schedules).toContainEqual({
      name: PICO_PLACA_EVE_JOB,
      cron: '0 19 * * *',
      data: {},
      tz: 'America/Bogota',
    });
    expect(eveCron('18:30')).toBe('30 18 * * *');
    expect(eveCron('07:05')).toBe('5 7 * * *');
    expect(loadConfig({ PICO_PLACA_NOTICE_TIME: '20:15' }).PICO_PLACA_NOTICE_TIME).toBe('20:15');
    for (const bad of ['7pm', '24:00', '19:60', '1900']) {
      expect(() => loadConfig({ PICO_PLACA_NOTICE_TIME: bad }), bad).toThrow(ConfigError);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().pico_placa_aviso).toBe('19:00');
  });
});
