import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FLEET_ALERTS_PATH,
  fleetAlertsQuerySchema,
  fleetAlertsSchema,
} from '@togo/domain/fleet/fleet-alerts.contract';
import {
  FLEET_REPORTS_PATH,
  fleetReportsQuerySchema,
  fleetReportsSchema,
} from '@togo/domain/fleet/fleet-reports.contract';
import { orgCompany, type OrgHandlers } from '../../http/org-access.ts';
import type { FleetAlertsService } from './fleet-alerts.service.ts';
import type { FleetReportsService } from './fleet-reports.service.ts';

/** The fleet's compliance views beyond the grid (issue 16): Alertas and Reportes. Every member of the organisation may read them. */
export function fleetViewsRoutes(
  app: FastifyInstance,
  deps: { alerts: FleetAlertsService; reports: FleetReportsService; access: OrgHandlers },
) {
  // Membership is checked before the query is validated (401/403 before 400).
  app.withTypeProvider<ZodTypeProvider>().get(
    FLEET_ALERTS_PATH,
    {
      preValidation: deps.access.read,
      schema: {
        summary: 'Empresa: alertas de la flota',
        querystring: fleetAlertsQuerySchema,
        response: { 200: fleetAlertsSchema },
      },
    },
    async (req) => deps.alerts.alerts(orgCompany(req).id, req.query),
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    FLEET_REPORTS_PATH,
    {
      preValidation: deps.access.read,
      schema: {
        summary: 'Empresa: reportes de la flota',
        querystring: fleetReportsQuerySchema,
        response: { 200: fleetReportsSchema },
      },
    },
    async (req) => deps.reports.reports(orgCompany(req).id, req.query),
  );
}
