import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '@togo/domain/reminders/reminders.contract';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createUser, createVehicle, setAlertDates, type TestUser } from '../alerts/alerts.test-fixtures.ts';

let t: TestContext;
let ana: TestUser;
let otra: TestUser;

const PATH = '/api/togo/notificacion/preferencias/';

beforeAll(async () => {
  t = await createTestApp();
  ana = await createUser(t);
  otra = await createUser(t, 'Otra');
});
afterAll(async () => {
  await t.close();
});

const get = (user: TestUser) => t.app.inject({ method: 'GET', url: PATH, headers: user.headers });
const put = (user: TestUser, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: PATH, headers: user.headers, payload: payload as object });

describe('GET/PUT notificacion/preferencias/', () => {
  it('answers the defaults before anything is saved', async () => {
    const res = await get(ana);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      canales: { email: true, push: true, whatsapp: false, sms: false },
      tipos: {
        vencimientos: true,
        multas: true,
        pico_placa: false,
        agendamientos: true,
        mantenimiento: true,
      },
      silencio: { desde: '21:00', hasta: '07:00' },
    });
  });

  it('needs a token: 401 without one, 401 with a bad one', async () => {
    expect((await t.app.inject({ method: 'GET', url: PATH })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'PUT', url: PATH, payload: DEFAULT_PREFERENCES });
    expect(bad.statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: PATH, headers: { authorization: 'Token nope' } });
    expect(wrong.statusCode).toBe(401);
  });

  it('saves the whole object and answers it; another user keeps the defaults', async () => {
    const body = {
      canales: { email: false, push: true, whatsapp: true, sms: false },
      tipos: {
        vencimientos: true,
        multas: false,
        pico_placa: false,
        agendamientos: true,
        mantenimiento: false,
      },
      silencio: { desde: '22:30', hasta: '06:15' },
    };
    const res = await put(ana, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(body);
    expect((await get(ana)).json()).toEqual(body);
    expect((await get(otra)).json()).toEqual(DEFAULT_PREFERENCES);
  });

  it('merges a partial change over what is stored', async () => {
    const res = await put(otra, { canales: { sms: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().canales).toEqual({ email: true, push: true, whatsapp: false, sms: true });
    expect(res.json().silencio).toEqual({ desde: '21:00', hasta: '07:00' });
  });

  it.each([
    [{ canales: { email: 'si' } }, ['canales', 'email']],
    [{ canales: 'todos' }, ['canales']],
    [{ tipos: { multas: 1 } }, ['tipos', 'multas']],
    [{ tipos: { pico_placa: null } }, ['tipos', 'pico_placa']],
    [{ silencio: { desde: '25:00' } }, ['silencio', 'desde']],
    [{ silencio: { hasta: '7:00' } }, ['silencio', 'hasta']],
    [{ silencio: { desde: '21:00\u0000' } }, ['silencio', 'desde']],
    [{ silencio: { desde: 2100 } }, ['silencio', 'desde']],
  ])('refuses %j with a 400 naming the field, and changes nothing', async (payload, path) => {
    const before = (await get(ana)).json();
    const res = await put(ana, payload);
    expect(res.statusCode).toBe(400);
    let node: unknown = res.json();
    for (const key of path) node = (node as Record<string, unknown>)[key];
    expect(Array.isArray(node)).toBe(true);
    expect((node as string[])[0]).toMatch(/[a-zá-ú]/i);
    expect((await get(ana)).json()).toEqual(before);
  });

  it('refuses malformed JSON and a body that is not an object with a 400', async () => {
    const malformed = await t.app.inject({
      method: 'PUT',
      url: PATH,
      headers: { ...ana.headers, 'content-type': 'application/json' },
      payload: '{"canales":',
    });
    expect(malformed.statusCode).toBe(400);
    const list = await put(ana, [1, 2]);
    expect(list.statusCode).toBe(400);
  });
});

describe('delivery honours the preferences', () => {
  it('suppresses a disabled channel and kind, holds in quiet hours and sends when the window opens', async () => {
    const user = await createUser(t, 'Beatriz');
    const vehicleId = await createVehicle(t, user.id, 'PRF123');
    // Email off: the SOAT reminder is suppressed on email (and WhatsApp/SMS are off by default).
    await put(user, { canales: { email: false } });
    await setAlertDates(t, vehicleId, 'ALERTA_SOAT', 'registry', '2025-11-29', '2026-11-29');
    const first = await t.app.expiryEngine.runForVehicle(vehicleId);
    expect(first.created).toHaveLength(1);
    expect(first.delivery).toMatchObject({ emails: 0, suppressed: 3, held: 0 });
    expect(await listOutbox(t.database.db, user.email, 5)).toHaveLength(0);

    // Email on, WhatsApp on; 22:00 in Bogota: both are held.
    await put(user, { canales: { email: true, whatsapp: true } });
    t.clock.set('2026-11-23T03:00:00Z');
    await setAlertDates(t, vehicleId, 'ALERTA_RTM', 'registry', '2025-11-29', '2026-11-29');
    const night = await t.app.expiryEngine.runForVehicle(vehicleId);
    expect(night.delivery).toMatchObject({ emails: 0, whatsapps: 0, held: 2, suppressed: 1 });
    expect(await listOutbox(t.database.db, user.email, 5)).toHaveLength(0);

    // Still quiet at 06:59: nothing leaves.
    const delivery = t.app.notificationDelivery;
    t.clock.set('2026-11-23T11:59:00Z');
    expect(await delivery.releaseHeld()).toMatchObject({ emails: 0, whatsapps: 0 });
    // 07:00 in Bogota: the window opens; a second release sends nothing again.
    t.clock.set('2026-11-23T12:00:00Z');
    expect(await delivery.releaseHeld()).toMatchObject({ emails: 1, whatsapps: 1 });
    expect(await delivery.releaseHeld()).toMatchObject({ emails: 0, whatsapps: 0 });
    const mails = await listOutbox(t.database.db, user.email, 5);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain('preferencias de avisos');

    // The one-click link in the email turns email off at once, without signing in; a forged one is 404.
    const link = /(https?:\/\/\S+\/api\/togo\/notificacion\/baja\/\S+)/.exec(mails[0]?.body ?? '')?.[1];
    expect(link).toBeDefined();
    const target = new URL(link!);
    const forged = new URL(target);
    forged.searchParams.set('u', String(otra.id));
    expect(
      (await t.app.inject({ method: 'GET', url: `${forged.pathname}${forged.search}` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${target.pathname}?u=x&s=1` })).statusCode).toBe(400);
    const unsubscribed = await t.app.inject({ method: 'GET', url: `${target.pathname}${target.search}` });
    expect(unsubscribed.statusCode).toBe(200);
    expect(unsubscribed.body).toContain('ya no te enviaremos avisos por correo');
    expect((await get(user)).json().canales.email).toBe(false);
    expect((await get(otra)).json().canales.email).toBe(true);

    const history = await t.app.inject({
      method: 'GET',
      url: '/api/togo/notificacion/historial/',
      headers: user.headers,
    });
    expect(history.statusCode).toBe(200);
    const entries = history.json().results as { canal: string; estado: string; motivo: string | null }[];
    expect(history.json().count).toBe(6);
    expect(
      entries
        .filter((e) => e.estado === 'sent')
        .map((e) => e.canal)
        .sort(),
    ).toEqual(['email', 'whatsapp']);
    expect(entries.filter((e) => e.estado === 'suppressed')).toHaveLength(4);
    expect(entries.find((e) => e.canal === 'email' && e.estado === 'suppressed')?.motivo).toContain('correo');
    // Another user's history is their own (empty), and it needs a token.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/togo/notificacion/historial/',
      headers: otra.headers,
    });
    expect(other.json()).toEqual({ count: 0, results: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/togo/notificacion/historial/' })).statusCode).toBe(
      401,
    );
    const badPage = await t.app.inject({
      method: 'GET',
      url: '/api/togo/notificacion/historial/?page=0',
      headers: user.headers,
    });
    expect(badPage.statusCode).toBe(400);
    t.clock.set('2026-11-22T12:00:00Z');
  });
});
