import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { deleteAccountSchema, PERSONAL_DATA_PATHS } from '@togo/domain/profile/personal-data.contract';
import { requireSession } from '../../http/auth.ts';
import { parse } from '../../http/validation.ts';
import type { PersonalDataService } from './personal-data.service.ts';

/** Personal data (Ley 1581 de 2012, decision 021): download one's data, delete one's account. */
export function personalDataRoutes(
  app: FastifyInstance,
  deps: { personalData: PersonalDataService; auth: preHandlerAsyncHookHandler },
) {
  const { personalData } = deps;

  app.get(PERSONAL_DATA_PATHS.export, { preHandler: deps.auth }, async (req, reply) => {
    const { stream, filename } = await personalData.export(requireSession(req).user);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  app.delete(PERSONAL_DATA_PATHS.deleteAccount, { preHandler: deps.auth }, async (req, reply) => {
    const input = parse(deleteAccountSchema, req.body);
    await personalData.deleteAccount(requireSession(req).user, input);
    return reply.code(204).send();
  });
}
