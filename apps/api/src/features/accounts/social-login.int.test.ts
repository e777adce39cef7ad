import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { sendJson, startLocalServer, type LocalServer } from '../../test/local-server.ts';
import { users } from '../../db/schema.ts';
import { registerUser } from './accounts.test-support.ts';

const CLIENT_ID = 'togo-test.apps.googleusercontent.com';
const FB_APP = '123456';
const FB_SECRET = 'fb-secret';

let t: TestContext;
let google: LocalServer;
let graph: LocalServer;
let key: CryptoKey;
let otherKey: CryptoKey;

/** Facebook tokens the fake Graph knows: token → user. */
const fbUsers: Record<string, { id: string; email?: string; app?: string; valid?: boolean }> = {
  'fb-good': { id: '9001', email: 'fb.user@correo.com' },
  'fb-other-app': { id: '9002', app: '999' },
  'fb-invalid': { id: '9003', valid: false },
  'fb-taken': { id: '9004', email: 'ya.existe@correo.com' },
};

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  key = pair.privateKey;
  ({ privateKey: otherKey } = await generateKeyPair('RS256'));
  const jwk = await exportJWK(pair.publicKey);
  const pub = { kty: jwk.kty, n: jwk.n, e: jwk.e, kid: 'k1', alg: 'RS256', use: 'sig' };
  google = await startLocalServer((_req, _body, res) => sendJson(res, 200, { keys: [pub] }));
  graph = await startLocalServer((req, _body, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/v10.0/debug_token') {
      if (url.searchParams.get('access_token') !== `${FB_APP}|${FB_SECRET}`) return sendJson(res, 400, {});
      const u = fbUsers[url.searchParams.get('input_token') ?? ''];
      if (!u) return sendJson(res, 200, { data: { app_id: FB_APP, is_valid: false } });
      return sendJson(res, 200, {
        data: { app_id: u.app ?? FB_APP, is_valid: u.valid ?? true, user_id: u.id },
      });
    }
    if (url.pathname === '/v10.0/me') {
      const u = fbUsers[url.searchParams.get('access_token') ?? ''];
      if (!u) return sendJson(res, 401, {});
      return sendJson(res, 200, { id: u.id, email: u.email, first_name: 'Fabio', last_name: 'Book' });
    }
    return sendJson(res, 404, {});
  });
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_JWKS_URL: `${google.url}/certs`,
      FACEBOOK_APP_ID: FB_APP,
      FACEBOOK_APP_SECRET: FB_SECRET,
      FACEBOOK_GRAPH_URL: graph.url,
    },
  });
});

afterAll(async () => {
  await t?.close();
  await google?.close();
  await graph?.close();
});

async function idToken(claims: Record<string, unknown>, opts: { signer?: CryptoKey; exp?: number } = {}) {
  const now = Math.floor(t.clock.now().getTime() / 1000);
  return new SignJWT({ email_verified: true, given_name: 'Gabriela', family_name: 'Gómez', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer((claims.iss as string) ?? 'https://accounts.google.com')
    .setAudience((claims.aud as string) ?? CLIENT_ID)
    .setSubject((claims.sub as string) ?? 'g-1')
    .setIssuedAt(now)
    .setExpirationTime(opts.exp ?? now + 3600)
    .sign(opts.signer ?? key);
}

const oauth = (provider: string, token: string) =>
  t.app.inject({ method: 'POST', url: `/api/identidad/usuarios/oauth/${provider}/`, payload: { token } });

describe('Google sign-in', () => {
  it('creates a client on first sign-in and signs the same subject in again', async () => {
    const res = await oauth('google', await idToken({ sub: 'g-100', email: 'gabi@correo.com' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'gabi@correo.com',
      ids_roles: [1],
      is_first_login_togo: true,
      nombres: 'Gabriela',
    });
    const again = await oauth('google', await idToken({ sub: 'g-100', email: 'gabi@correo.com' }));
    expect(again.json().id).toBe(res.json().id);
    expect(again.json().token).not.toBe(res.json().token);
  });

  it('links an existing account by email only when Google says it is verified', async () => {
    const first = await oauth('google', await idToken({ sub: 'g-200', email: 'link@correo.com' }));
    const unverified = await oauth(
      'google',
      await idToken({ sub: 'g-201', email: 'link@correo.com', email_verified: false }),
    );
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().username[0]).toMatch(/Ya existe una cuenta/);
    const verified = await oauth('google', await idToken({ sub: 'g-202', email: 'LINK@correo.com' }));
    expect(verified.statusCode).toBe(200);
    expect(verified.json().id).toBe(first.json().id);
  });

  it('links an account registered through the sign-up code flow (its email is verified)', async () => {
    const owner = await registerUser(t);
    const res = await oauth('google', await idToken({ sub: 'g-210', email: owner.email }));
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(owner.id);
  });

  it('never links an account whose own email is not verified, even when Google verified it', async () => {
    const [legacy] = await t.database.db
      .insert(users)
      .values({ email: 'sin.verificar@correo.com', nombres: 'Lina', apellidos: 'Ruiz', groupId: 1 })
      .returning();
    if (!legacy) throw new Error('not inserted');
    const refused = await oauth('google', await idToken({ sub: 'g-220', email: 'sin.verificar@correo.com' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().username[0]).toMatch(/Ya existe una cuenta/);
    const identities = await t.database.query('select 1 from user_identities where subject = $1', ['g-220']);
    expect(identities).toHaveLength(0);
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, legacy.id));
    const linked = await oauth('google', await idToken({ sub: 'g-220', email: 'sin.verificar@correo.com' }));
    expect(linked.statusCode).toBe(200);
    expect(linked.json().id).toBe(legacy.id);
  });

  it('a password reset by a code sent to the address verifies it, and then Google links', async () => {
    await t.database.db
      .insert(users)
      .values({ email: 'recupera@correo.com', nombres: 'Rita', apellidos: 'Mora', groupId: 1 });
    const before = await oauth('google', await idToken({ sub: 'g-230', email: 'recupera@correo.com' }));
    expect(before.statusCode).toBe(400);
    const body = { identificador: 'recupera@correo.com', aplicacion: 'TOGO', proceso: 'RESETEAR_CLAVE' };
    const path = '/api/identidad/usuarios';
    expect(
      (await t.app.inject({ method: 'POST', url: `${path}/solicitar-codigo-otp/`, payload: body }))
        .statusCode,
    ).toBe(200);
    const codigo = await t.lastCode('recupera@correo.com');
    const verified = await t.app.inject({
      method: 'POST',
      url: `${path}/verificar-codigo-otp/`,
      payload: { codigo, identificador: 'recupera@correo.com', proceso: 'RESETEAR_CLAVE' },
    });
    expect(verified.statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: `${path}/resetear-clave/`,
      payload: {
        identificador: 'recupera@correo.com',
        codigo_otp: codigo,
        clave: 'ClaveNueva2026',
        confirmar_clave: 'ClaveNueva2026',
      },
    });
    expect(reset.statusCode).toBe(200);
    const after = await oauth('google', await idToken({ sub: 'g-230', email: 'recupera@correo.com' }));
    expect(after.statusCode).toBe(200);
  });

  it('never creates an account with an email Google does not mark verified', async () => {
    const claims = { sub: 'g-400', email: 'no.verificado@correo.com', email_verified: false };
    const res = await oauth('google', await idToken(claims));
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('google-g-400@usuarios.togo.com.co');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, res.json().id));
    expect(row?.emailVerified).toBe(false);
    // The address stays free for its owner.
    const free = await t.app.inject({
      method: 'POST',
      url: '/api/identidad/usuarios/validar-username/',
      payload: { username: 'no.verificado@correo.com' },
    });
    expect(free.statusCode).toBe(200);
    const again = await oauth('google', await idToken({ ...claims, email_verified: 'false' }));
    expect(again.json().id).toBe(res.json().id);
  });

  it('a Google-verified email creates a verified account', async () => {
    const res = await oauth('google', await idToken({ sub: 'g-410', email: 'verificada@correo.com' }));
    const [row] = await t.database.db.select().from(users).where(eq(users.id, res.json().id));
    expect(row).toMatchObject({ email: 'verificada@correo.com', emailVerified: true });
  });

  it.each([
    ['a token signed by another key', () => idToken({ sub: 'g-3' }, { signer: otherKey })],
    ['another audience', () => idToken({ sub: 'g-3', aud: 'otra-app' })],
    ['another issuer', () => idToken({ sub: 'g-3', iss: 'https://evil.example' })],
    [
      'an expired token',
      () => idToken({ sub: 'g-3' }, { exp: Math.floor(t.clock.now().getTime() / 1000) - 60 }),
    ],
    ['garbage', async () => 'not-a-jwt'],
  ])('rejects %s with 401', async (_name, make) => {
    const res = await oauth('google', await make());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'No fue posible verificar tu cuenta de Google. Intenta de nuevo.' });
  });
});

describe('Facebook sign-in', () => {
  it('verifies the access token with debug_token and signs in, never giving the account the Facebook email', async () => {
    const res = await oauth('facebook', 'fb-good');
    expect(res.statusCode).toBe(200);
    // Facebook does not say the email is verified: the account gets a placeholder, the address stays free.
    expect(res.json()).toMatchObject({ email: 'facebook-9001@usuarios.togo.com.co', nombres: 'Fabio' });
    const free = await t.app.inject({
      method: 'POST',
      url: '/api/identidad/usuarios/validar-username/',
      payload: { username: 'fb.user@correo.com' },
    });
    expect(free.statusCode).toBe(200);
    expect((await oauth('facebook', 'fb-good')).json().id).toBe(res.json().id);
    const debugCall = graph.requests.find((r) => r.url.startsWith('/v10.0/debug_token'));
    expect(debugCall?.url).toContain('input_token=fb-good');
  });

  it.each(['fb-other-app', 'fb-invalid', 'desconocido'])('rejects %s', async (token) => {
    const res = await oauth('facebook', token);
    expect(res.statusCode).toBe(401);
  });

  it('never links an existing email account (Facebook does not say it is verified)', async () => {
    await oauth('google', await idToken({ sub: 'g-300', email: 'ya.existe@correo.com' }));
    const res = await oauth('facebook', 'fb-taken');
    expect(res.statusCode).toBe(400);
  });
});

describe('providers', () => {
  it('rejects an unknown provider', async () => {
    const res = await oauth('twitter', 'x');
    expect(res.statusCode).toBe(400);
  });

  it('answers 503 in Spanish when a provider is not configured', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/identidad/usuarios/oauth/google/',
        payload: { token: 'x' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: 'El inicio de sesión con Google no está configurado.' });
      const config = await bare.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json()).toMatchObject({ google_client_id: null, facebook_app_id: null, outbox: true });
    } finally {
      await bare.close();
    }
  });
});
