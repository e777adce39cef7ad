import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { JSON_DEPTH_MSG, MAX_JSON_DEPTH } from './json-body.ts';

/**
 * Issue 35, finding 3: a deeply nested JSON body cost an unauthenticated 500 (stack overflow in the NUL guard)
 * and seconds of CPU. Bodies nested deeper than MAX_JSON_DEPTH are refused as 400 before anything walks them.
 */
let t: TestContext;
const WA_SECRET = 'secreto-de-la-app-de-whatsapp';

beforeAll(async () => {
  t = await createTestApp({
    env: { WHATSAPP_APP_SECRET: WA_SECRET, WHATSAPP_VERIFY_TOKEN: 'verificar' },
  });
});
afterAll(async () => {
  await t?.close();
});

/** `{"email": [[[ … ]]]}` with `levels` nested arrays (the object itself is one more level). */
const nested = (levels: number) => `{"email":${'['.repeat(levels)}${']'.repeat(levels)}}`;

const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

describe(`JSON bodies nested deeper than ${MAX_JSON_DEPTH} levels`, () => {
  it('3,000 levels on the unauthenticated sign-in is a Spanish 400, not a 500', async () => {
    const res = await post('/api/orquestador/auth/', nested(3000));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: JSON_DEPTH_MSG });
  });

  it('counts brackets only outside strings: brackets inside a text are no nesting', async () => {
    const res = await post(
      '/api/orquestador/auth/',
      JSON.stringify({ email: '['.repeat(5000), password: '{'.repeat(5000) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).not.toEqual({ detail: JSON_DEPTH_MSG });
  });

  it(`refuses ${MAX_JSON_DEPTH + 1} levels and lets ${MAX_JSON_DEPTH} through to the route's own validation`, async () => {
    const over = await post('/api/orquestador/auth/', nested(MAX_JSON_DEPTH));
    expect(over.json()).toEqual({ detail: JSON_DEPTH_MSG });
    const atLimit = await post('/api/orquestador/auth/', nested(MAX_JSON_DEPTH - 1));
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json()).not.toEqual({ detail: JSON_DEPTH_MSG });
    expect(atLimit.json()).toHaveProperty('email');
  });

  it('a string escape (\\") does not end the string for the depth count', async () => {
    const body = `{"email":"a\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[","password":"x"}`;
    const res = await post('/api/orquestador/auth/', body);
    expect(res.json()).not.toEqual({ detail: JSON_DEPTH_MSG });
  });

  it('a signed webhook with its own raw-body parser refuses the same depth after its signature', async () => {
    const raw = nested(3000);
    const sig = `sha256=${createHmac('sha256', WA_SECRET).update(raw).digest('hex')}`;
    const res = await post('/api/webhooks/whatsapp/', raw, { 'x-hub-signature-256': sig });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: JSON_DEPTH_MSG });
  });

  it('the API still answers after a burst of deep bodies', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post('/api/orquestador/auth/', nested(1500))),
    );
    expect(answers.every((a) => a.statusCode === 400)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });
});
