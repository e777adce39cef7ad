import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';

/** An incoming X-Request-Id is kept when it is short and plain (it ends up in logs and a header). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

interface RequestContext {
  reqId: string;
  log: FastifyBaseLogger;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Fastify's genReqId: the caller's X-Request-Id when safe, else a random UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const header = req.headers['x-request-id'];
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * pino `mixin`: a line logged while serving a request (a service's app.log, a provider's log) gets the
 * request's id; request.log already carries it as a binding.
 */
export function requestIdMixin(_obj: object, _level: number, logger?: unknown): object {
  const ctx = storage.getStore();
  return ctx && logger !== ctx.log ? { reqId: ctx.reqId } : {};
}

/** Echoes the request id in X-Request-Id and keeps it for the log lines written while serving it. */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    storage.run({ reqId: req.id, log: req.log }, done);
  });
}
