import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createUser, createVehicle, type TestUser } from '../alerts/alerts.test-fixtures.ts';

let t: TestContext;
let owner: TestUser;
let stranger: TestUser;
let vehicleId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  stranger = await createUser(t, 'Otra');
  vehicleId = await createVehicle(t, owner.id, 'NOT123');
  // 25 notifications, one a minute apart: #1 oldest … #25 newest.
  await t.database.query(
    `insert into notifications (user_id, vehicle_id, code, due_date, step, titulo, message, logo_notificacion,
                                url_redireccion, created)
     select $1, $2, 'ALERTA_SOAT', date '2026-12-01' + g, 7, 'Aviso ' || g, 'Mensaje ' || g,
            '/static/notifications/soat.svg', '/app/alerts/soat',
            timestamptz '2026-11-01 12:00:00+00' + g * interval '1 minute'
     from generate_series(1, 25) g`,
    [owner.id, vehicleId],
  );
});
afterAll(async () => {
  await t.close();
});

const list = (query: string, user = owner) =>
  t.app.inject({
    method: 'GET',
    url: `/api/togo/notificacion/list_notificaciones_by_garaje/?${query}`,
    headers: { ...user.headers, host: 'togo.example' },
  });

describe('GET list_notificaciones_by_garaje', () => {
  it('pages newest first, 20 by default, with DRF next/previous links', async () => {
    const first = await list(`id_garaje=${vehicleId}`);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.count).toBe(25);
    expect(body.previous).toBeNull();
    expect(body.next).toBe(
      `http://togo.example/api/togo/notificacion/list_notificaciones_by_garaje/?id_garaje=${vehicleId}&page=2`,
    );
    expect(body.results).toHaveLength(20);
    expect(body.results[0]).toEqual({
      id: expect.any(Number),
      logo_notificacion: '/static/notifications/soat.svg',
      message: 'Mensaje 25',
      titulo: 'Aviso 25',
      url_redireccion: '/app/alerts/soat',
      created: '2026-11-01T12:25:00.000Z',
    });
    expect(body.results.map((r: { titulo: string }) => r.titulo).slice(0, 3)).toEqual([
      'Aviso 25',
      'Aviso 24',
      'Aviso 23',
    ]);

    const second = (await list(`id_garaje=${vehicleId}&page=2`)).json();
    expect(second.results.map((r: { titulo: string }) => r.titulo)).toEqual([
      'Aviso 5',
      'Aviso 4',
      'Aviso 3',
      'Aviso 2',
      'Aviso 1',
    ]);
    expect(second.next).toBeNull();
    expect(second.previous).toBe(
      `http://togo.example/api/togo/notificacion/list_notificaciones_by_garaje/?id_garaje=${vehicleId}`,
    );
  });

  it('honours page_size up to 100', async () => {
    const small = (await list(`id_garaje=${vehicleId}&page_size=10&page=2`)).json();
    expect(small.results.map((r: { titulo: string }) => r.titulo)[0]).toBe('Aviso 15');
    expect(small.next).toContain('page_size=10&page=3');
    expect(small.previous).toContain(`id_garaje=${vehicleId}&page_size=10`);
    expect(small.previous).not.toContain('page=');
    const big = (await list(`id_garaje=${vehicleId}&page_size=1000`)).json();
    expect(big.results).toHaveLength(25);
    expect(big.next).toBeNull();
  });

  it('answers an invalid page like DRF (404 Página inválida.)', async () => {
    for (const page of ['3', '0', 'x']) {
      const res = await list(`id_garaje=${vehicleId}&page=${page}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Página inválida.' });
    }
    expect((await list(`id_garaje=${vehicleId}&page=last`)).json().results).toHaveLength(5);
  });

  it('answers an empty first page for a vehicle without notifications', async () => {
    const other = await createVehicle(t, owner.id, 'NOT999');
    expect((await list(`id_garaje=${other}`)).json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });

  it("404s another user's vehicle and validates the query", async () => {
    const res = await list(`id_garaje=${vehicleId}`, stranger);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No encontrado.' });
    expect((await list('id_garaje=999999')).statusCode).toBe(404);
    const bad = await list('id_garaje=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ id_garaje: ['Debe ser un número entero positivo.'] });
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/togo/notificacion/list_notificaciones_by_garaje/?id_garaje=${vehicleId}`,
    });
    expect(none.statusCode).toBe(401);
  });
});

describe('notification icons', () => {
  it('serves an SVG icon for every notification code under /static/notifications/', async () => {
    for (const name of ['soat', 'rtm', 'poliza', 'impuestos', 'kit', 'licencia-conduccion', 'infracciones']) {
      const res = await t.app.inject({ method: 'GET', url: `/static/notifications/${name}.svg` });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body).toContain('<svg');
    }
  });

  it('schedules the daily expiry run at 07:00 in Bogotá', () => {
    expect(t.jobs.schedules).toContainEqual({
      name: 'expiry-engine',
      cron: '0 7 * * *',
      data: {},
      tz: 'America/Bogota',
    });
  });
});

describe('Web Push subscriptions', () => {
  const p256dh = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
  const auth = Buffer.alloc(16, 9).toString('base64url');
  const subscription = {
    endpoint: 'https://push.example.net/send/abc',
    expirationTime: null,
    keys: { p256dh, auth },
  };

  const subscribe = (payload: unknown, user = owner) =>
    t.app.inject({
      method: 'POST',
      url: '/api/togo/notificacion/push/subscribe/',
      headers: user.headers,
      payload: payload as object,
    });
  const count = async () =>
    (await t.database.query<{ user_id: number }>('select user_id from push_subscriptions order by id')).map(
      (r) => r.user_id,
    );

  it('says push is not configured without VAPID keys', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/togo/notificacion/push/public-key/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ public_key: null });
  });

  it('stores a browser subscription, moves it to whoever subscribes it last, and removes it', async () => {
    const res = await subscribe(subscription);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), endpoint: subscription.endpoint });
    expect(await count()).toEqual([owner.id]);
    expect((await subscribe(subscription)).statusCode).toBe(201);
    expect(await count()).toEqual([owner.id]);
    expect((await subscribe(subscription, stranger)).statusCode).toBe(201);
    expect(await count()).toEqual([stranger.id]);

    // Only the subscription's user can remove it; removing is idempotent.
    const notMine = await t.app.inject({
      method: 'DELETE',
      url: '/api/togo/notificacion/push/unsubscribe/',
      headers: owner.headers,
      payload: { endpoint: subscription.endpoint },
    });
    expect(notMine.statusCode).toBe(204);
    expect(await count()).toEqual([stranger.id]);
    const mine = await t.app.inject({
      method: 'DELETE',
      url: `/api/togo/notificacion/push/unsubscribe/?endpoint=${encodeURIComponent(subscription.endpoint)}`,
      headers: stranger.headers,
    });
    expect(mine.statusCode).toBe(204);
    expect(await count()).toEqual([]);
  });

  it('validates the endpoint (https) and the keys', async () => {
    const res = await subscribe({ endpoint: 'http://push.example.net/x', keys: { p256dh: 'abc', auth: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      endpoint: ['Debe ser una URL https válida.'],
      keys: { p256dh: ['Clave no válida.'], auth: ['Clave no válida.'] },
    });
    expect((await subscribe({ endpoint: 'https://push.example.net/x' })).json()).toEqual({
      keys: ['Este campo es obligatorio'],
    });
    expect((await subscribe([])).statusCode).toBe(400);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/togo/notificacion/push/subscribe/',
      payload: subscription,
    });
    expect(anon.statusCode).toBe(401);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/togo/notificacion/push/unsubscribe/',
      headers: owner.headers,
      payload: { endpoint: 'no es url' },
    });
    expect(del.statusCode).toBe(400);
  });
});
