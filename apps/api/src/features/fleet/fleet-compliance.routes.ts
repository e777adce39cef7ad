import type { FastifyInstance } from 'fastify';
import {
  FLEET_COMPLIANCE_PATHS,
  fleetComplianceQuerySchema,
} from '@togo/domain/fleet/fleet-compliance.contract';
import { XLSX_CONTENT_TYPE } from '@togo/domain/fleet/fleet.contract';
import { orgCompany, type OrgHandlers } from '../../http/org-access.ts';
import { parse } from '../../http/validation.ts';
import type { FleetComplianceService } from './fleet-compliance.service.ts';
import { complianceWorkbookStream } from './fleet-compliance.workbook.ts';

/** Fleet compliance grid and its .xlsx export (issue 16); every member of the organisation may read them. */
export function fleetComplianceRoutes(
  app: FastifyInstance,
  deps: { compliance: FleetComplianceService; access: OrgHandlers },
) {
  const { compliance } = deps;
  const read = { preHandler: deps.access.read };

  app.get(FLEET_COMPLIANCE_PATHS.grid, read, async (req) =>
    compliance.grid(orgCompany(req).id, parse(fleetComplianceQuerySchema, req.query)),
  );

  app.get(FLEET_COMPLIANCE_PATHS.xlsx, read, async (req, reply) => {
    const query = parse(fleetComplianceQuerySchema, req.query);
    const date = query.fecha ?? compliance.today();
    const stream = complianceWorkbookStream(compliance.allRows(orgCompany(req).id, date), req.log);
    return reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="cumplimiento-flota-${date}.xlsx"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
}
