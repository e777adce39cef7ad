import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deleteAccountSchema, PERSONAL_DATA_PATHS } from '@togo/domain/profile/personal-data.contract';
import { requireSession } from '../../http/auth.ts';
import type { PersonalDataService } from './personal-data.service.ts';

/** Personal data (Ley 1581 de 2012, decision 021): download one's data, delete one's account. */
export function personalDataRoutes(
  app: FastifyInstance,
  deps: { personalData: PersonalDataService; auth: preHandlerAsyncHookHandler },
) {
  const { personalData } = deps;

  app.get(
    PERSONAL_DATA_PATHS.export,
    { schema: { summary: 'Descargar mis datos personales' }, preHandler: deps.auth },
    async (req, reply) => {
      const { stream, filename } = await personalData.export(requireSession(req).user);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  // The session is checked before the body is validated (401 before 400).
  app
    .withTypeProvider<ZodTypeProvider>()
    .delete(
      PERSONAL_DATA_PATHS.deleteAccount,
      { preValidation: deps.auth, schema: { summary: 'Eliminar mi cuenta', body: deleteAccountSchema } },
      async (req, reply) => {
        await personalData.deleteAccount(requireSession(req).user, req.body);
        return reply.code(204).send();
      },
    );
}
