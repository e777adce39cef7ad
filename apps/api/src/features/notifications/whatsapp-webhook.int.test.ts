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

function inbound(from: string, text: string) {
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
              messages: [{ from, id: 'wamid.1', type: 'text', text: { body: text } }],
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

describe('SMS replies', () => {
  it('"SALIR" by SMS turns SMS off; unsigned replies are refused', async () => {
    const s = await createTestApp({ env: { SMS_INBOUND_SECRET: 'sms-inbound-secret-123' } });
    try {
      const user = await createUser(s, 'Sara');
      const [row] = await s.database.query<{ telefono: string }>('select telefono from users where id = $1', [
        user.id,
      ]);
      const headers = { ...user.headers };
      await s.app.inject({
        method: 'PUT',
        url: '/api/togo/notificacion/preferencias/',
        headers,
        payload: { canales: { sms: true } },
      });
      const raw = JSON.stringify({ from: `+57${row!.telefono}`, text: 'Salir' });
      const unsigned = await s.app.inject({
        method: 'POST',
        url: '/api/webhooks/sms/',
        headers: { 'content-type': 'application/json' },
        payload: raw,
      });
      expect(unsigned.statusCode).toBe(401);
      const signed = await s.app.inject({
        method: 'POST',
        url: '/api/webhooks/sms/',
        headers: {
          'content-type': 'application/json',
          'x-signature-256': sign(raw, 'sms-inbound-secret-123'),
        },
        payload: raw,
      });
      expect(signed.statusCode).toBe(200);
      const after = await s.app.inject({
        method: 'GET',
        url: '/api/togo/notificacion/preferencias/',
        headers,
      });
      expect(after.json().canales.sms).toBe(false);
    } finally {
      await s.close();
    }
  });

  it('the webhooks are absent without their settings', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/sms/', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
