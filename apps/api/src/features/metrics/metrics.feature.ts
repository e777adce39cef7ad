import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { Metrics } from '../../lib/metrics.ts';

function sameToken(given: string, expected: string): boolean {
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Request latency of every route, and GET /metrics (Prometheus text) for `Authorization: Bearer
 * METRICS_TOKEN`. Without a token configured the endpoint does not exist (404): metrics reveal traffic and
 * are never public. docs/decisions/019-production-runtime.md.
 */
export function registerMetrics(app: FastifyInstance, deps: { metrics: Metrics; token: string | undefined }) {
  const { metrics, token } = deps;
  app.addHook('onResponse', async (req, reply) => {
    // The route pattern, never the raw URL (ids and plates would explode the series); unmatched = 404s.
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe(
      { method: req.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  if (!token) return;

  app.get('/metrics', { schema: { summary: 'Métricas de Prometheus' } }, async (req, reply) => {
    const header = req.headers.authorization ?? '';
    const given = /^Bearer (\S+)$/.exec(header)?.[1];
    if (!given || !sameToken(given, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw AppError.unauthorized();
    }
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
