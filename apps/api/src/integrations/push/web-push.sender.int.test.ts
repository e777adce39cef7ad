import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { importJWK, jwtVerify } from 'jose';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVehicle, setAlertDates } from '../../features/alerts/alerts.test-fixtures.ts';
import { NotificationsRepository } from '../../features/notifications/notifications.repository.ts';
import { startLocalServer, type LocalServer } from '../../test/local-server.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { WebPushSender } from './web-push.sender.ts';

/** A browser's side of a subscription: its P-256 key pair and auth secret (RFC 8291). */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypts an aes128gcm Web Push body as the browser would (RFC 8188 + RFC 8291). */
function decrypt(body: Buffer, browser: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idLen = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLen);
  const cipher = body.subarray(21 + idLen);
  const ecdhSecret = browser.ecdh.computeSecret(senderPublic);
  const prkKey = hmac(browser.auth, ecdhSecret);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browser.ecdh.getPublicKey(),
    senderPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const padded = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2); // last-record delimiter
  return padded.subarray(0, end).toString('utf8');
}

async function verifyVapid(header: string | undefined, publicKey: string, audience: string) {
  const match = /^vapid t=([^,]+), k=(\S+)$/.exec(header ?? '');
  expect(match, header).not.toBeNull();
  expect(match?.[2]).toBe(publicKey);
  const raw = Buffer.from(publicKey, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(match?.[1] ?? '', key, { audience });
  return payload;
}

let push: LocalServer;
const vapid = webpush.generateVAPIDKeys();
const subject = 'mailto:soporte@togo.com.co';

beforeAll(async () => {
  push = await startLocalServer((req, _body, res) => {
    res.statusCode = req.url?.startsWith('/gone') ? 410 : req.url?.startsWith('/missing') ? 404 : 201;
    res.end();
  });
});
afterAll(async () => {
  await push.close();
});

describe('WebPushSender against a local push service', () => {
  it('posts an aes128gcm-encrypted body with a VAPID Authorization header', async () => {
    const sender = new WebPushSender({ ...vapid, subject }, { ttlSeconds: 3600 });
    expect(sender.publicKey).toBe(vapid.publicKey);
    const browser = browserKeys();
    const message = JSON.stringify({ title: 'Tu SOAT vence en 7 días', body: 'Renuévalo a tiempo.' });
    const outcome = await sender.send({ endpoint: `${push.url}/push/abc`, keys: browser.keys }, message);
    expect(outcome).toEqual({ result: 'sent', status: 201 });

    const req = push.requests.at(-1);
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/push/abc');
    expect(req?.headers['content-encoding']).toBe('aes128gcm');
    expect(req?.headers['content-type']).toBe('application/octet-stream');
    expect(req?.headers.ttl).toBe('3600');
    expect(req?.headers.urgency).toBe('normal');
    const raw = req?.raw ?? Buffer.alloc(0);
    expect(Number(req?.headers['content-length'])).toBe(raw.length);
    expect(raw.includes(Buffer.from('SOAT'))).toBe(false);
    expect(decrypt(raw, browser)).toBe(message);
    const claims = await verifyVapid(req?.headers.authorization, vapid.publicKey, push.url);
    expect(claims.sub).toBe(subject);
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('reports gone subscriptions (404/410) and network failures', async () => {
    const sender = new WebPushSender({ ...vapid, subject }, { timeoutMs: 2000 });
    const { keys } = browserKeys();
    expect(await sender.send({ endpoint: `${push.url}/gone/1`, keys }, 'x')).toEqual({
      result: 'gone',
      status: 410,
    });
    expect(await sender.send({ endpoint: `${push.url}/missing/1`, keys }, 'x')).toEqual({
      result: 'gone',
      status: 404,
    });
    const closed = await startLocalServer((_req, _body, res) => {
      res.end();
    });
    const url = closed.url;
    await closed.close();
    expect(await sender.send({ endpoint: `${url}/x`, keys }, 'x')).toMatchObject({
      result: 'failed',
      status: null,
    });
    expect(
      await sender.send({ endpoint: `${push.url}/x`, keys: { p256dh: 'AAAA', auth: 'AAAA' } }, 'x'),
    ).toMatchObject({
      result: 'failed',
    });
  });
});

describe('expiry notifications by Web Push', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({
      env: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: subject },
    });
    t.clock.set('2026-11-22T12:00:00Z');
  });
  afterAll(async () => {
    await t.close();
  });

  it('publishes the VAPID public key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/togo/notificacion/push/public-key/' });
    expect(res.json()).toEqual({ public_key: vapid.publicKey });
  });

  it("pushes new notifications to the owner's browsers and deletes subscriptions that answer 410", async () => {
    const owner = await createUser(t);
    const vehicleId = await createVehicle(t, owner.id, 'PSH123');
    const repo = new NotificationsRepository(t.database.db);
    const live = browserKeys();
    const stale = browserKeys();
    // Stored directly: the API only accepts https endpoints, the fake push service is http.
    await repo.upsertSubscription(
      owner.id,
      { endpoint: `${push.url}/live/1`, keys: live.keys },
      t.clock.now(),
    );
    await repo.upsertSubscription(
      owner.id,
      { endpoint: `${push.url}/gone/1`, keys: stale.keys },
      t.clock.now(),
    );
    await setAlertDates(t, vehicleId, 'ALERTA_RTM', 'registry', null, '2026-11-23');
    const before = push.requests.length;

    const run = await t.app.expiryEngine.run();
    expect(run.created).toHaveLength(1);
    expect(run.delivery).toMatchObject({ emails: 1, pushes: 1, removedSubscriptions: 1, failed: 0, held: 0 });

    const sent = push.requests.slice(before);
    expect(sent.map((r) => r.url).sort()).toEqual(['/gone/1', '/live/1']);
    const delivered = sent.find((r) => r.url === '/live/1');
    expect(JSON.parse(decrypt(delivered?.raw ?? Buffer.alloc(0), live))).toEqual({
      id: run.created[0]?.id,
      title: 'Tu revisión técnico-mecánica vence mañana',
      body: 'La revisión técnico-mecánica de tu vehículo PSH123 vence el 23-11-2026. Agéndala a tiempo para evitar multas e inmovilización.',
      icon: '/static/notifications/rtm.svg',
      url: '/app/alerts/rtm',
      tag: `ALERTA_RTM-${vehicleId}`,
    });
    const left = await t.database.query<{ endpoint: string }>('select endpoint from push_subscriptions');
    expect(left.map((r) => r.endpoint)).toEqual([`${push.url}/live/1`]);
  });
});
