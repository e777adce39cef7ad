import type { FastifyInstance } from 'fastify';
import { normalizeIdentifier } from '@togo/domain/auth/auth.rules';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { parse } from '../../http/validation.ts';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';

const query = z.object({ to: z.string().trim().max(254).optional() });

/** Development only: registered when messages go to the outbox (never with a real transport or in production). */
export function devOutboxRoutes(app: FastifyInstance, deps: { db: Db }) {
  app.get('/api/dev/outbox', async (req) => {
    const { to } = parse(query, req.query);
    return listOutbox(deps.db, to ? normalizeIdentifier(to) : undefined);
  });
}
