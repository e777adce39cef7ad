import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../alerts/alerts.test-fixtures.ts';
import { WHATSAPP_WEBHOOK_PATH } from './whatsapp-webhook.routes.ts';

const APP_SECRET = 'meta-app-secret-for-tests';
let t: TestContext;
let ana: TestUser;
let phone: string;

beforeAll(async () => {
  t = await createTestApp({ env: { WHATSAPP_VERIFY_TOKEN: 'verificame', WHATSAPP_APP_SECRET: APP_SECRET } });
  ana = await createUser(t);
  const [row] = await t.database.query<{ telefono: string }>('select telefono from users where id = $1', [
    ana.id,
  ]);
  phone = row!.telefono;
});
afterAll(async () => {
  await t.close();
});

const prefs = async (user: TestUser) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/togo/notificacion/preferencias/', headers: user.headers })
  ).json();

let nextId = 0;
/** A Cloud API delivery of one text message, sent now by the test clock unless told otherwise. */
function inbound(from: string, text: string, opts: { id?: string; sentAt?: Date } = {}) {
  const id = opts.id ?? `wamid.${++nextId}`;
  const timestamp = String(Math.floor((opts.sentAt ?? t.clock.now()).getTime() / 1000));
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '1',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              messages: [{ from, id, timestamp, type: 'text', text: { body: text } }],
            },
          },
        ],
      },
    ],
  });
}
const sign = (raw: string, secret = APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
const post = (raw: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: WHATSAPP_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-hub-signature-256': signature } : {}),
    },
    payload: raw,
  });

describe('WhatsApp webhook', () => {
  it('answers the verification challenge only with the right token', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `${WHATSAPP_WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=verificame&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const bad = await t.app.inject({
      method: 'GET',
      url: `${WHATSAPP_WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=otro&hub.challenge=1158201444`,
    });
    expect(bad.statusCode).toBe(403);
  });

  it('refuses a missing or wrong signature and changes nothing', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/togo/notificacion/preferencias/',
      headers: ana.headers,
      payload: { canales: { whatsapp: true } },
    });
    const raw = inbound(`57${phone}`, 'SALIR');
    expect((await post(raw)).statusCode).toBe(401);
    expect((await post(raw, sign(raw, 'otro-secreto'))).statusCode).toBe(401);
    expect((await post(raw, sign(raw + ' '))).statusCode).toBe(401);
    expect((await prefs(ana)).canales.whatsapp).toBe(true);
  });

  it('a signed non-SALIR message changes nothing; malformed bodies are 400', async () => {
    const raw = inbound(`57${phone}`, 'Hola, ¿cuándo vence mi SOAT?');
    expect((await post(raw, sign(raw))).statusCode).toBe(200);
    expect((await prefs(ana)).canales.whatsapp).toBe(true);
    const junk = '{"entry": 5}';
    expect((await post(junk, sign(junk))).statusCode).toBe(400);
    const broken = '{"entry": [';
    expect((await post(broken, sign(broken))).statusCode).toBe(400);
  });

  it('"SALIR" turns WhatsApp off at once and is recorded as a consent withdrawal', async () => {
    const raw = inbound(`57${phone}`, '  salir ');
    const res = await post(raw, sign(raw));
    expect(res.statusCode).toBe(200);
    expect((await prefs(ana)).canales).toMatchObject({ whatsapp: false, email: true });
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/togo/notificacion/consentimientos/',
      headers: ana.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('attachment');
    const list = exported.json().consentimientos as {
      finalidad: string;
      aceptado: boolean;
      pantalla: string;
      texto: string;
    }[];
    expect(list.map((c) => [c.finalidad, c.aceptado, c.pantalla])).toEqual([
      ['whatsapp', true, 'perfil/preferencias'],
      ['whatsapp', false, 'whatsapp:respuesta'],
    ]);
    expect(list[0]?.texto).toContain('SALIR');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/togo/notificacion/consentimientos/' })).statusCode,
    ).toBe(401);
  });
});

const setWhatsapp = (user: TestUser, on: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/togo/notificacion/preferencias/',
    headers: user.headers,
    payload: { canales: { whatsapp: on } },
  });
const optOutsRecorded = async (user: TestUser) =>
  (
    await t.database.query<{ n: number }>(
      `select count(*)::int as n from consent_records where user_id = $1 and screen = 'whatsapp:respuesta'`,
      [user.id],
    )
  )[0]!.n;

describe('WhatsApp replays (issue 35, finding 8)', () => {
  it('a replayed "SALIR" (same message id) changes nothing once WhatsApp is on again', async () => {
    await setWhatsapp(ana, true);
    const raw = inbound(`57${phone}`, 'SALIR');
    expect((await post(raw, sign(raw))).statusCode).toBe(200);
    expect((await prefs(ana)).canales.whatsapp).toBe(false);
    const recorded = await optOutsRecorded(ana);
    await setWhatsapp(ana, true);
    t.clock.advance(60_000);
    const replay = await post(raw, sign(raw));
    expect(replay.statusCode).toBe(200);
    expect((await prefs(ana)).canales.whatsapp).toBe(true);
    expect(await optOutsRecorded(ana)).toBe(recorded);
  });

  it('a "SALIR" signed more than 5 minutes ago (or ahead) is skipped; at 5 minutes it counts', async () => {
    await setWhatsapp(ana, true);
    const now = t.clock.now().getTime();
    for (const sentAt of [new Date(now - 5 * 60_000 - 1000), new Date(now + 5 * 60_000 + 1000)]) {
      const stale = inbound(`57${phone}`, 'SALIR', { sentAt });
      expect((await post(stale, sign(stale))).statusCode).toBe(200);
      expect((await prefs(ana)).canales.whatsapp).toBe(true);
    }
    const edge = inbound(`57${phone}`, 'SALIR', { sentAt: new Date(now - 5 * 60_000) });
    expect((await post(edge, sign(edge))).statusCode).toBe(200);
    expect((await prefs(ana)).canales.whatsapp).toBe(false);
  });

  it('a message without an id or a timestamp is refused', async () => {
    const raw = inbound(`57${phone}`, 'SALIR').replace(/"timestamp":"\d+",/, '');
    expect((await post(raw, sign(raw))).statusCode).toBe(400);
    const noId = inbound(`57${phone}`, 'SALIR').replace(/"id":"wamid\.\d+",/, '');
    expect((await post(noId, sign(noId))).statusCode).toBe(400);
  });

  it('ten concurrent deliveries of one message apply it once (the database decides)', async () => {
    await setWhatsapp(ana, true);
    const before = await optOutsRecorded(ana);
    const raw = inbound(`57${phone}`, 'SALIR');
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(raw, sign(raw))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await optOutsRecorded(ana)).toBe(before + 1);
  });
});

describe('SMS replies', () => {
  const SMS_SECRET = 'sms-inbound-secret-123';
  let s: TestContext;
  let sara: TestUser;
  let from: string;
  beforeAll(async () => {
    s = await createTestApp({ env: { SMS_INBOUND_SECRET: SMS_SECRET } });
    sara = await createUser(s, 'Sara');
    const [row] = await s.database.query<{ telefono: string }>('select telefono from users where id = $1', [
      sara.id,
    ]);
    from = `+57${row!.telefono}`;
  });
  afterAll(async () => {
    await s?.close();
  });
  const sms = (id: string, sentAt = s.clock.now()) =>
    JSON.stringify({ id, timestamp: Math.floor(sentAt.getTime() / 1000), from, text: 'Salir' });
  const deliver = (body: string, signature: string | null = sign(body, SMS_SECRET)) =>
    s.app.inject({
      method: 'POST',
      url: '/api/webhooks/sms/',
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-signature-256': signature } : {}) },
      payload: body,
    });
  const setSms = (on: boolean) =>
    s.app.inject({
      method: 'PUT',
      url: '/api/togo/notificacion/preferencias/',
      headers: sara.headers,
      payload: { canales: { sms: on } },
    });
  const smsOn = async () =>
    (
      await s.app.inject({
        method: 'GET',
        url: '/api/togo/notificacion/preferencias/',
        headers: sara.headers,
      })
    ).json().canales.sms as boolean;

  it('"SALIR" by SMS turns SMS off; unsigned replies are refused', async () => {
    await setSms(true);
    const raw = sms('sms-1');
    expect((await deliver(raw, null)).statusCode).toBe(401);
    expect(await smsOn()).toBe(true);
    expect((await deliver(raw)).statusCode).toBe(200);
    expect(await smsOn()).toBe(false);
  });

  it('a replayed id changes nothing; a stale or bare message is refused (issue 35, finding 8)', async () => {
    const raw = sms('sms-2');
    expect((await deliver(raw)).statusCode).toBe(200);
    expect(await smsOn()).toBe(false);
    await setSms(true);
    s.clock.advance(60_000);
    // Replayed (same id) after SMS was turned on again: answered 200, changes nothing.
    expect((await deliver(raw)).statusCode).toBe(200);
    expect(await smsOn()).toBe(true);
    // Signed more than 5 minutes ago (new id): refused.
    const stale = await deliver(sms('sms-3', new Date(s.clock.now().getTime() - 5 * 60_000 - 1000)));
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ detail: 'Mensaje SMS vencido: tiene más de 5 minutos.' });
    expect(await smsOn()).toBe(true);
    // Without an id and a timestamp: not recognised.
    expect((await deliver(JSON.stringify({ from, text: 'Salir' }))).statusCode).toBe(400);
    expect(await smsOn()).toBe(true);
    // A fresh message with a new id still works.
    expect((await deliver(sms('sms-4'))).statusCode).toBe(200);
    expect(await smsOn()).toBe(false);
  });

  it('the webhooks are absent without their settings', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/sms/', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
