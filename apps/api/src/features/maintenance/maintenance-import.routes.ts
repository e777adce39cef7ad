import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MAINTENANCE_IMPORT_FIELD,
  MAINTENANCE_IMPORT_MAX_BYTES,
  MAINTENANCE_IMPORT_MSG as IMSG,
  MAINTENANCE_IMPORT_PATH,
  MAINTENANCE_IMPORT_TEMPLATE_NAME,
  MAINTENANCE_IMPORT_TEMPLATE_PATH,
} from '@togo/domain/maintenance/maintenance-import.contract';
import { fileFieldReader } from '../../http/multipart.ts';
import { requireOrg, type OrgHandlers } from '../../http/org-access.ts';
import type { MaintenanceImportService } from './maintenance-import.service.ts';
import { maintenanceImportTemplate } from './maintenance-import.workbook.ts';
import { sendXlsx } from './maintenance.routes.ts';

/** The multipart field 'file' (2 MB; 413 beyond); null without one, or when the body is not multipart. */
function fileReader(req: FastifyRequest) {
  const read = fileFieldReader(req, {
    field: MAINTENANCE_IMPORT_FIELD,
    maxBytes: MAINTENANCE_IMPORT_MAX_BYTES,
    tooLarge: IMSG.tooLarge,
    malformed: IMSG.invalidFile,
  });
  return async () => (req.isMultipart() ? read() : null);
}

/**
 * POST /api/togo/flota/mantenimiento/importar/ — administrador and operador import (consulta 403, a driver 403);
 * GET …/plantilla.xlsx — every member downloads the template (decision 092).
 */
export function maintenanceImportRoutes(
  app: FastifyInstance,
  deps: { access: OrgHandlers; imports: MaintenanceImportService },
) {
  app.post(
    MAINTENANCE_IMPORT_PATH,
    {
      preHandler: deps.access.write,
      schema: { summary: 'Empresa: importar el historial de mantenimientos (Excel)' },
    },
    async (req) => {
      const org = requireOrg(req);
      return deps.imports.import(org.organisationId, org.userId, fileReader(req));
    },
  );
  app.get(
    MAINTENANCE_IMPORT_TEMPLATE_PATH,
    {
      preHandler: deps.access.read,
      schema: { summary: 'Empresa: plantilla de importación de mantenimientos' },
    },
    async (_req, reply) =>
      sendXlsx(reply, MAINTENANCE_IMPORT_TEMPLATE_NAME, await maintenanceImportTemplate()),
  );
}
