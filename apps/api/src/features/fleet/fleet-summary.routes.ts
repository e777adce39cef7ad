import type { FastifyInstance } from 'fastify';
import {
  FLEET_SUMMARY_PDF_PATH,
  PDF_CONTENT_TYPE,
  fleetSummaryPdfFilename,
} from '@togo/domain/fleet/fleet-summary-pdf.contract';
import { orgCompany, type OrgHandlers } from '../../http/org-access.ts';
import { fleetSummaryPdf } from './fleet-summary-pdf.ts';
import type { FleetSummaryService } from './fleet-summary-pdf.service.ts';

/** GET /api/togo/flota/resumen.pdf (decision 038): every member of the organisation may download it. */
export function fleetSummaryRoutes(
  app: FastifyInstance,
  deps: { summary: FleetSummaryService; access: OrgHandlers },
) {
  app.get(
    FLEET_SUMMARY_PDF_PATH,
    { schema: { summary: 'Empresa: resumen de la flota en PDF' }, preHandler: deps.access.read },
    async (req, reply) => {
      const content = await deps.summary.content(orgCompany(req).id);
      return reply
        .header('content-type', PDF_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${fleetSummaryPdfFilename(content.fecha)}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(await fleetSummaryPdf(content));
    },
  );
}
