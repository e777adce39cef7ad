import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { normalizeIdentifier } from '@togo/domain/auth/auth.rules';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';

const query = z.object({ to: z.string().trim().max(254).optional() });

/** Development only: registered when messages go to the outbox (never with a real transport or in production). */
export function registerDevOutbox(app: FastifyInstance, deps: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/dev/outbox',
      { schema: { summary: 'Desarrollo: mensajes enviados (bandeja local)', querystring: query } },
      async (req) => {
        const { to } = req.query;
        return listOutbox(deps.db, to ? normalizeIdentifier(to) : undefined);
      },
    );
}
