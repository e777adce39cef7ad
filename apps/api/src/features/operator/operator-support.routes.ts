import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { supportSearchQuerySchema } from '@togo/domain/operator/operator-console.contract';
import {
  supportPageQuerySchema,
  supportSearchPageQuerySchema,
} from '@togo/domain/operator/operator-support.contract';
import { AppError } from '../../http/app-error.ts';
import { parse } from '../../http/validation.ts';
import { actorOf, type requireStaff } from './operator-auth.hook.ts';
import type { OperatorSupportService } from './operator-support.service.ts';

/** The driver's id of the path; anything but a positive integer is an unknown driver (404). */
function userId(req: { params: unknown }): number {
  const raw = String((req.params as Record<string, string | undefined>).id ?? '');
  if (!/^\d{1,9}$/.test(raw) || Number(raw) === 0) throw AppError.notFound('Usuario no encontrado.');
  return Number(raw);
}

const PAGING_KEYS = ['page', 'page_size', 'orden'];

/**
 * User support (issue 13, decisions 022 and 031): every staff role reads ('usuarios.buscar'); admin and
 * soporte act ('usuarios.soporte'). Each action is audited in its own transaction.
 */
export function operatorSupportRoutes(
  app: FastifyInstance,
  deps: { guard: ReturnType<typeof requireStaff>; support: OperatorSupportService },
) {
  const { guard, support } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Staff session and permission are checked before the query is validated (401/403 before 400).
  const pageOfUser = {
    preValidation: guard('usuarios.buscar'),
    schema: { querystring: supportPageQuerySchema },
  };

  app.get(
    '/api/operador/usuarios/',
    { schema: { summary: 'Consola: buscar usuarios' }, preHandler: guard('usuarios.buscar') },
    async (req) => {
      const query = (req.query ?? {}) as Record<string, unknown>;
      // Without paging parameters the answer stays the plain list of decision 022: two schemas, chosen by the
      // keys present, so this route parses by hand.
      if (!PAGING_KEYS.some((k) => k in query)) {
        const { q } = parse(supportSearchQuerySchema, query);
        return support.search(q);
      }
      return support.searchPage(parse(supportSearchPageQuerySchema, query));
    },
  );

  app.get(
    '/api/operador/usuarios/:id/',
    { schema: { summary: 'Consola: ficha de un usuario' }, preHandler: guard('usuarios.buscar') },
    async (req) => support.detail(userId(req)),
  );

  typed.get(
    '/api/operador/usuarios/:id/agendamientos/',
    { ...pageOfUser, schema: { ...pageOfUser.schema, summary: 'Consola: agendamientos de un usuario' } },
    async (req) => support.userBookings(userId(req), req.query.page, req.query.page_size),
  );

  typed.get(
    '/api/operador/usuarios/:id/avisos/',
    { ...pageOfUser, schema: { ...pageOfUser.schema, summary: 'Consola: avisos enviados a un usuario' } },
    async (req) => support.userDeliveries(userId(req), req.query.page, req.query.page_size),
  );

  app.post(
    '/api/operador/usuarios/:id/reenviar-codigo/',
    {
      schema: { summary: 'Consola: reenviar el código a un usuario' },
      preHandler: guard('usuarios.soporte'),
    },
    async (req) => support.resendCode(actorOf(req), userId(req)),
  );

  app.post(
    '/api/operador/usuarios/:id/desbloquear/',
    {
      schema: { summary: 'Consola: desbloquear el inicio de sesión de un usuario' },
      preHandler: guard('usuarios.soporte'),
    },
    async (req) => support.unlock(actorOf(req), userId(req)),
  );

  app.post(
    '/api/operador/usuarios/:id/revocar-sesiones/',
    {
      schema: { summary: 'Consola: cerrar todas las sesiones de un usuario' },
      preHandler: guard('usuarios.soporte'),
    },
    async (req) => support.revokeSessions(actorOf(req), userId(req)),
  );
}
