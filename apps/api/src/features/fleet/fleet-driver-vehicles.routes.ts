import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import {
  DRIVER_COMPANY_VEHICLES_PATH,
  type DriverCompanyVehicles,
} from '@togo/domain/fleet/fleet-driver-vehicles.contract';
import { requireSession } from '../../http/auth.ts';
import type { DriverCompanyVehiclesRepository } from './fleet-driver-vehicles.repository.ts';

/** GET /api/togo/empresa/mis-vehiculos/: any signed-in user; the answer is always about the caller only. */
export function driverCompanyVehiclesRoutes(
  app: FastifyInstance,
  deps: { repo: DriverCompanyVehiclesRepository; auth: preHandlerAsyncHookHandler },
) {
  app.get(
    DRIVER_COMPANY_VEHICLES_PATH,
    { schema: { summary: 'Vehículos de empresa asignados al conductor' }, preHandler: deps.auth },
    async (req): Promise<DriverCompanyVehicles> => ({
      results: await deps.repo.forUser(requireSession(req).user.id),
    }),
  );
}
