import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '@togo/domain/public-config.contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';

export function healthRoutes(app: FastifyInstance, deps: { database: Database; publicConfig: PublicConfig }) {
  app.get('/api/health', async () => {
    try {
      await deps.database.query('select 1');
    } catch {
      throw AppError.unavailable('Base de datos no disponible.');
    }
    return { status: 'ok', db: deps.database.kind };
  });

  app.get('/api/config', async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return deps.publicConfig;
  });
}
