import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error.ts';
import { registerErrorHandler } from './error-handler.ts';
import { registerInputGuard } from './input-guard.ts';
import { registerTypedRoutes } from './typed-routes.ts';
import { parse } from './validation.ts';

const bodySchema = z.object({
  nombre: z.string({ error: 'Este campo es obligatorio.' }).min(2, 'Mínimo 2 caracteres.'),
  vehiculo: z.object({ placa: z.string().regex(/^[A-Z]{3}\d{3}$/, 'Placa inválida.') }).optional(),
  cantidad: z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.number().int().max(9)),
});
const querySchema = z.object({ page: z.coerce.number().int().min(1, 'Debe ser 1 o más.').default(1) });
const optionalBody = z.object({ todos: z.boolean().optional() });

/** A signed-in check like http/auth.ts: 'Authorization: Token ok'. */
async function auth(req: FastifyRequest) {
  if (req.headers.authorization !== 'Token ok') throw AppError.unauthorized();
}

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  registerErrorHandler(app);
  registerInputGuard(app);
  registerTypedRoutes(app, { checkResponses: true });
  // The input guard asks whether a body is multipart.
  await app.register(fastifyMultipart);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/typed/',
    { preValidation: auth, schema: { body: bodySchema, querystring: querySchema } },
    async (req) => ({
      body: req.body,
      page: req.query.page,
    }),
  );
  typed.post('/optional/', { schema: { body: optionalBody } }, async (req) => req.body);
  // The same schema parsed by hand, as routes did before (the reference for the wire answer).
  app.post('/by-hand/', async (req) => ({ body: parse(bodySchema, req.body) }));
  await app.ready();
});
afterAll(() => app.close());

const post = (url: string, payload?: unknown, authorised = true) =>
  app.inject({
    method: 'POST',
    url,
    headers: authorised ? { authorization: 'Token ok' } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('typed routes (zod schemas validated by Fastify, decision 042)', () => {
  it('answers exactly what parse() answered: 400, DRF field errors, nested like the body', async () => {
    const bodies: unknown[] = [
      {},
      { nombre: 'A', cantidad: '12' },
      { nombre: 'Ana', cantidad: 1, vehiculo: { placa: 'abc' } },
      [1, 2],
      { nombre: 'Ana' },
    ];
    for (const body of bodies) {
      const typed = await post('/typed/', body);
      const byHand = await post('/by-hand/', body);
      expect(typed.statusCode).toBe(400);
      expect(typed.statusCode).toBe(byHand.statusCode);
      expect(typed.json()).toEqual(byHand.json());
    }
    expect((await post('/typed/', { nombre: 'A', cantidad: 1 })).json()).toEqual({
      nombre: ['Mínimo 2 caracteres.'],
    });
    expect((await post('/typed/', { nombre: 'Ana', cantidad: 1, vehiculo: { placa: 'x' } })).json()).toEqual({
      vehiculo: { placa: ['Placa inválida.'] },
    });
  });

  it('hands the handler the parsed values (transforms and defaults applied)', async () => {
    const res = await post('/typed/', { nombre: 'Ana', cantidad: '7', extra: 'fuera' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: { nombre: 'Ana', cantidad: 7 }, page: 1 });
  });

  it('validates the query string too, naming the parameter', async () => {
    const res = await post('/typed/?page=0', { nombre: 'Ana', cantidad: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ page: ['Debe ser 1 o más.'] });
  });

  it('an absent body is {} as before', async () => {
    const res = await post('/optional/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });

  it('unauthorised: the guard run as preValidation answers 401 before the body is looked at', async () => {
    const res = await post('/typed/', { nombre: 1 }, false);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Las credenciales de autenticación no se proveyeron.' });
  });

  it('a NUL character is refused by the input guard before the schema, naming the field', async () => {
    const res = await post('/typed/', { nombre: 'A\u0000na', cantidad: 1 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json() as object)).toEqual(['nombre']);
  });

  it('concurrent requests are validated independently', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/typed/', i % 2 ? { nombre: `Ana ${i}`, cantidad: i % 10 } : { nombre: 'A', cantidad: 1 }),
      ),
    );
    answers.forEach((res, i) => {
      if (i % 2) expect(res.json()).toEqual({ body: { nombre: `Ana ${i}`, cantidad: i % 10 }, page: 1 });
      else expect(res.json()).toEqual({ nombre: ['Mínimo 2 caracteres.'] });
    });
  });

  it('refuses a schema that is not zod when the app starts', async () => {
    const other = Fastify();
    registerTypedRoutes(other, { checkResponses: true });
    other.post('/x', { schema: { body: { type: 'object' } } }, async () => ({}));
    await expect(other.ready()).rejects.toThrow(/not a zod schema/);
    await other.close();
  });
});

describe('response schemas (decision 060): written as JSON.stringify writes them, checked outside production', () => {
  const answerSchema = z.object({ id: z.number(), fecha: z.string() });
  async function appWith(checkResponses: boolean) {
    const a = Fastify();
    registerErrorHandler(a);
    registerTypedRoutes(a, { checkResponses });
    a.withTypeProvider<ZodTypeProvider>().get(
      '/answer/',
      { schema: { response: { 200: answerSchema } } },
      // A key the schema does not list, keys out of the schema's order, then an answer that breaks the schema
      // (cast: the type provider would refuse it at compile time, which is the point of the run-time check).
      async (req) =>
        ((req.query as { bad?: string }).bad
          ? { id: 'uno' }
          : { fecha: '2026-11-24', id: 7, extra: [1] }) as unknown as z.output<typeof answerSchema>,
    );
    await a.ready();
    return a;
  }

  it('keeps every key and their order, byte for byte', async () => {
    for (const check of [true, false]) {
      const a = await appWith(check);
      const res = await a.inject({ method: 'GET', url: '/answer/' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(JSON.stringify({ fecha: '2026-11-24', id: 7, extra: [1] }));
      await a.close();
    }
  });

  it('an answer its schema does not describe is a 500 when checking, written as it is when not', async () => {
    const checking = await appWith(true);
    const res = await checking.inject({ method: 'GET', url: '/answer/?bad=1' });
    expect(res.statusCode).toBe(500);
    await checking.close();
    const writing = await appWith(false);
    const plain = await writing.inject({ method: 'GET', url: '/answer/?bad=1' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe('{"id":"uno"}');
    await writing.close();
  });
});
