import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { VEHICLE_REFRESH_PATHS } from '@togo/domain/garage/vehicle-refresh.contract';
import { requireSession } from '../../http/auth.ts';
import { orgCompany, type OrgHandlers } from '../../http/org-access.ts';
import { pathId } from '../../http/validation.ts';
import type { GarageRefreshManualService } from './garage-refresh-manual.service.ts';

/**
 * 'Última actualización' and "Actualizar" of a vehicle: the driver's own (token) and the company's fleet
 * (membership: every member reads, administrador/operador refresh), and the fleet's look-up progress.
 */
export function garageRefreshRoutes(
  app: FastifyInstance,
  deps: { manual: GarageRefreshManualService; auth: preHandlerAsyncHookHandler; access: OrgHandlers },
) {
  const { manual } = deps;
  const auth = { preHandler: deps.auth };
  const read = { preHandler: deps.access.read };
  const write = { preHandler: deps.access.write };
  const user = (req: Parameters<typeof requireSession>[0]) => requireSession(req).user.id;

  app.get(
    VEHICLE_REFRESH_PATHS.status(':id'),
    { ...auth, schema: { summary: 'Estado de la actualización de un vehículo' } },
    async (req) => manual.status(user(req), pathId(req)),
  );
  app.post(
    VEHICLE_REFRESH_PATHS.refresh(':id'),
    { ...auth, schema: { summary: 'Actualizar ya los datos de un vehículo' } },
    async (req) => manual.refreshNow(user(req), pathId(req)),
  );
  app.get(
    VEHICLE_REFRESH_PATHS.fleetStatus(':id'),
    { ...read, schema: { summary: 'Empresa: estado de la actualización de un vehículo' } },
    async (req) => manual.status(orgCompany(req).id, pathId(req)),
  );
  app.post(
    VEHICLE_REFRESH_PATHS.fleetRefresh(':id'),
    { ...write, schema: { summary: 'Empresa: actualizar ya los datos de un vehículo' } },
    async (req) => manual.refreshNow(orgCompany(req).id, pathId(req)),
  );
  app.get(
    VEHICLE_REFRESH_PATHS.fleetProgress,
    { ...read, schema: { summary: 'Progreso de la actualización de la flota' } },
    async (req) => manual.fleetProgress(orgCompany(req).id),
  );
}
