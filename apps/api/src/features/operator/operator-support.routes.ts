import type { FastifyInstance } from 'fastify';
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

  app.get('/api/operador/usuarios/', { preHandler: guard('usuarios.buscar') }, async (req) => {
    const query = (req.query ?? {}) as Record<string, unknown>;
    // Without paging parameters the answer stays the plain list of decision 022.
    if (!PAGING_KEYS.some((k) => k in query)) {
      const { q } = parse(supportSearchQuerySchema, query);
      return support.search(q);
    }
    return support.searchPage(parse(supportSearchPageQuerySchema, query));
  });

  app.get('/api/operador/usuarios/:id/', { preHandler: guard('usuarios.buscar') }, async (req) =>
    support.detail(userId(req)),
  );

  app.get(
    '/api/operador/usuarios/:id/agendamientos/',
    { preHandler: guard('usuarios.buscar') },
    async (req) => {
      const id = userId(req);
      const { page, page_size } = parse(supportPageQuerySchema, req.query);
      return support.userBookings(id, page, page_size);
    },
  );

  app.get('/api/operador/usuarios/:id/avisos/', { preHandler: guard('usuarios.buscar') }, async (req) => {
    const id = userId(req);
    const { page, page_size } = parse(supportPageQuerySchema, req.query);
    return support.userDeliveries(id, page, page_size);
  });

  app.post(
    '/api/operador/usuarios/:id/reenviar-codigo/',
    { preHandler: guard('usuarios.soporte') },
    async (req) => support.resendCode(actorOf(req), userId(req)),
  );

  app.post(
    '/api/operador/usuarios/:id/desbloquear/',
    { preHandler: guard('usuarios.soporte') },
    async (req) => support.unlock(actorOf(req), userId(req)),
  );

  app.post(
    '/api/operador/usuarios/:id/revocar-sesiones/',
    { preHandler: guard('usuarios.soporte') },
    async (req) => support.revokeSessions(actorOf(req), userId(req)),
  );
}
