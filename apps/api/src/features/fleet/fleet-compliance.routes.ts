import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FLEET_COMPLIANCE_PATHS,
  fleetComplianceQuerySchema,
} from '@togo/domain/fleet/fleet-compliance.contract';
import { FLEET_CITIES_PATH, fleetCitiesSchema } from '@togo/domain/fleet/fleet-cities.contract';
import {
  FLEET_PICO_PLACA_PATH,
  fleetPicoPlacaQuerySchema,
  fleetPicoPlacaSchema,
} from '@togo/domain/fleet/fleet-pico-placa.contract';
import { XLSX_CONTENT_TYPE } from '@togo/domain/fleet/fleet.contract';
import { orgCompany, type OrgHandlers } from '../../http/org-access.ts';
import type { FleetCompanyRepository } from './fleet-company.repository.ts';
import type { FleetComplianceService } from './fleet-compliance.service.ts';
import { complianceWorkbookStream, finesWorkbookStream } from './fleet-compliance.workbook.ts';

function sendXlsx(reply: FastifyReply, filename: string, stream: Readable) {
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(stream);
}

/**
 * Fleet compliance grid, its .xlsx export, the fines .xlsx (issue 16) and the pico y placa of some plates (issue
 * 37); every member of the organisation may read them.
 */
export function fleetComplianceRoutes(
  app: FastifyInstance,
  deps: { compliance: FleetComplianceService; company: FleetCompanyRepository; access: OrgHandlers },
) {
  const { compliance, company } = deps;
  const read = { preHandler: deps.access.read };
  // With a schema, membership is checked before the query is validated (401/403 before 400).
  const readThenQuery = {
    preValidation: deps.access.read,
    schema: { querystring: fleetComplianceQuerySchema },
  };
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    FLEET_COMPLIANCE_PATHS.grid,
    { ...readThenQuery, schema: { ...readThenQuery.schema, summary: 'Empresa: cumplimiento de la flota' } },
    async (req) => compliance.grid(orgCompany(req).id, req.query),
  );

  typed.get(
    FLEET_COMPLIANCE_PATHS.xlsx,
    {
      ...readThenQuery,
      schema: { ...readThenQuery.schema, summary: 'Empresa: exportar el cumplimiento (Excel)' },
    },
    async (req, reply) => {
      const date = req.query.fecha ?? compliance.today();
      const { id } = orgCompany(req);
      const stream = complianceWorkbookStream(
        await company.companyLabel(id),
        compliance.allRows(id, date),
        req.log,
      );
      return sendXlsx(reply, `cumplimiento-flota-${date}.xlsx`, stream);
    },
  );

  typed.get(
    FLEET_CITIES_PATH,
    {
      preHandler: deps.access.read,
      schema: { summary: 'Empresa: ciudades de la flota', response: { 200: fleetCitiesSchema } },
    },
    async (req) => compliance.cities(orgCompany(req).id),
  );

  typed.get(
    FLEET_PICO_PLACA_PATH,
    {
      preValidation: deps.access.read,
      schema: {
        summary: 'Empresa: pico y placa de unas placas en una ciudad y una fecha',
        querystring: fleetPicoPlacaQuerySchema,
        response: { 200: fleetPicoPlacaSchema },
      },
    },
    async (req) => compliance.picoPlacaOf(req.query),
  );

  app.get(
    FLEET_COMPLIANCE_PATHS.finesXlsx,
    { ...read, schema: { summary: 'Empresa: exportar los comparendos (Excel)' } },
    async (req, reply) => {
      const { id } = orgCompany(req);
      const stream = finesWorkbookStream(await company.companyLabel(id), compliance.allFines(id), req.log);
      return sendXlsx(reply, `multas-flota-${compliance.today()}.xlsx`, stream);
    },
  );
}
