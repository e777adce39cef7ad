import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigSchema, type PublicConfig } from '@togo/domain/public-config.contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { HealthRepository } from './health.repository.ts';

/**
 * GET /api/health (database answers; unchanged), /api/health/live (the process serves HTTP: restart it when
 * this fails) and /api/health/ready (send it traffic: database answers, migrations applied, not shutting
 * down; else 503). docs/decisions/019-production-runtime.md.
 */
export function registerHealth(
  app: FastifyInstance,
  deps: { database: Database; publicConfig: PublicConfig; shuttingDown?: () => boolean },
) {
  const repo = new HealthRepository(deps.database);

  app.get('/api/health', { schema: { summary: 'Estado del servicio y de la base de datos' } }, async () => {
    try {
      await repo.ping();
    } catch {
      throw AppError.unavailable('Base de datos no disponible.');
    }
    return { status: 'ok', db: deps.database.kind };
  });

  app.get(
    '/api/health/live',
    { schema: { summary: 'El proceso responde (liveness)' } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' };
    },
  );

  app.get(
    '/api/health/ready',
    { schema: { summary: 'Listo para recibir tráfico (readiness)' } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      if (deps.shuttingDown?.()) {
        return reply.code(503).send({ status: 'stopping', detail: 'El servidor se está deteniendo.' });
      }
      let migrated: boolean;
      try {
        await repo.ping();
        migrated = await repo.migrationsApplied();
      } catch (err) {
        req.log.warn({ err }, 'readiness: database not available');
        return reply.code(503).send({ status: 'unavailable', detail: 'Base de datos no disponible.' });
      }
      if (!migrated) {
        return reply.code(503).send({ status: 'migrating', detail: 'Migraciones pendientes.' });
      }
      return { status: 'ready', db: deps.database.kind };
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/config',
    {
      schema: {
        summary: 'Configuración pública para la aplicación web',
        response: { 200: publicConfigSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return deps.publicConfig;
    },
  );
}
