import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FLEET_MAINTENANCE_PATH,
  FLEET_MAINTENANCE_XLSX_PATH,
  fleetMaintenancePageSchema,
  fleetMaintenanceQuerySchema,
} from '@togo/domain/maintenance/fleet-maintenance.contract';
import {
  FLEET_DRIVER_COSTS_PATH,
  FLEET_DRIVER_COSTS_XLSX_PATH,
  fleetDriverCostsSchema,
} from '@togo/domain/maintenance/fleet-driver-costs.contract';
import { costsQuerySchema } from '@togo/domain/maintenance/maintenance.contract';
import { orgCompany, type OrgHandlers } from '../../http/org-access.ts';
import type { FleetDriverCostsService } from './fleet-driver-costs.service.ts';
import type { FleetMaintenanceService } from './fleet-maintenance.service.ts';
import { sendXlsx } from './maintenance.routes.ts';

/** GET /api/togo/flota/mantenimiento/ (decision 077) and its costs per driver (decision 091): every member reads. */
export function fleetMaintenanceRoutes(
  app: FastifyInstance,
  deps: { access: OrgHandlers; fleet: FleetMaintenanceService; drivers: FleetDriverCostsService },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    FLEET_MAINTENANCE_PATH,
    {
      // Membership before the query (401/403 before 400), as the fleet's own routes.
      preValidation: deps.access.read,
      schema: {
        summary: 'Empresa: vehículos con mantenimiento pendiente',
        querystring: fleetMaintenanceQuerySchema,
        response: { 200: fleetMaintenancePageSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return deps.fleet.page(orgCompany(req).id, req.query);
    },
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    FLEET_MAINTENANCE_XLSX_PATH,
    {
      preValidation: deps.access.read,
      schema: {
        summary: 'Empresa: exportar el mantenimiento de la flota (Excel)',
        querystring: fleetMaintenanceQuerySchema,
      },
    },
    async (req, reply) => {
      const file = await deps.fleet.workbook(orgCompany(req).id, req.query.estado);
      return sendXlsx(reply, file.filename, file.bytes);
    },
  );
  // Costs per driver (decision 091): every member reads them, as the view.
  app.withTypeProvider<ZodTypeProvider>().get(
    FLEET_DRIVER_COSTS_PATH,
    {
      preValidation: deps.access.read,
      schema: {
        summary: 'Empresa: costos por conductor',
        querystring: costsQuerySchema,
        response: { 200: fleetDriverCostsSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return deps.drivers.byDriver(orgCompany(req).id, req.query);
    },
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    FLEET_DRIVER_COSTS_XLSX_PATH,
    {
      preValidation: deps.access.read,
      schema: {
        summary: 'Empresa: exportar los costos por conductor (Excel)',
        querystring: costsQuerySchema,
      },
    },
    async (req, reply) => {
      const file = await deps.drivers.workbook(orgCompany(req).id, req.query);
      return sendXlsx(reply, file.filename, file.bytes);
    },
  );
}
