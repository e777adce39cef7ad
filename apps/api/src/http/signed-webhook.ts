import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';
import { parseJsonLimited } from './json-body.ts';

/** `sha256=<hex>` of HMAC-SHA256(raw body, secret), compared in constant time. */
export function validSignature(secret: string, raw: Buffer, header: string | undefined): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  const given = Buffer.from(match[1], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A JSON webhook whose signature header covers the exact bytes of the body: the raw body is kept, the
 * signature checked (401 'Firma inválida.'), then the JSON parsed (400 'JSON inválido.', or the depth limit's 400) and handed over.
 */
export function signedJsonWebhook(
  app: FastifyInstance,
  opts: {
    path: string;
    /** The operation's summary in the OpenAPI document. */
    summary: string;
    /** Lower-case header name carrying `sha256=<hex>`. */
    header: string;
    secret: string;
    bodyLimit: number;
    handle: (json: unknown) => Promise<void>;
  },
): void {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: opts.bodyLimit },
      (_req, body, done) => done(null, body),
    );
    scope.post(opts.path, { schema: { summary: opts.summary } }, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const header = req.headers[opts.header];
      if (!validSignature(opts.secret, raw, typeof header === 'string' ? header : undefined)) {
        throw AppError.unauthorized('Firma inválida.');
      }
      let json: unknown;
      try {
        json = parseJsonLimited(raw.toString('utf8'));
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw new AppError(400, { detail: 'JSON inválido.' });
      }
      await opts.handle(json);
      return reply.code(200).send({ ok: true });
    });
  });
}
