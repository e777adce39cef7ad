import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FLEET_DRIVER_PHOTO_FIELD,
  FLEET_DRIVER_PHOTO_MAX_BYTES,
  FLEET_MSG,
  FLEET_PATHS,
  XLSX_CONTENT_TYPE,
  fleetDriverAssignSchema,
  fleetErrorsQuerySchema,
  fleetListQuerySchema,
} from '@togo/domain/fleet/fleet.contract';
import { fileFieldReader, MALFORMED_MULTIPART } from '../../http/multipart.ts';
import { orgCompany, type OrgHandlers } from '../../http/org-access.ts';
import { pathId } from '../../http/validation.ts';
import type { FleetDetailService } from './fleet-detail.service.ts';
import type { FleetPhotoService } from './fleet-photo.service.ts';
import type { FleetService } from './fleet.service.ts';

/** The multipart field 'file', at most `maxBytes` (10 MB; 413 beyond); null when there is none. */
function fileReader(req: FastifyRequest, maxBytes: number) {
  const read = fileFieldReader(req, {
    field: 'file',
    maxBytes,
    tooLarge: FLEET_MSG.tooLarge,
    malformed: FLEET_MSG.invalidFile,
  });
  // Not multipart at all: the same answer as no file chosen.
  return async () => (req.isMultipart() ? read() : null);
}

/** The multipart field 'foto' (at most 5 MB, 413 beyond); null when there is none or the body is not multipart. */
function photoReader(req: FastifyRequest) {
  const read = fileFieldReader(req, {
    field: FLEET_DRIVER_PHOTO_FIELD,
    maxBytes: FLEET_DRIVER_PHOTO_MAX_BYTES,
    tooLarge: FLEET_MSG.photoTooLarge,
    malformed: MALFORMED_MULTIPART,
  });
  return async () => (req.isMultipart() ? ((await read())?.bytes ?? null) : null);
}

function sendXlsx(reply: FastifyReply, filename: string, bytes: Buffer) {
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

/**
 * Company fleet API (SPPF §7 fleet calls). Authorised by membership of the company's organisation (decision
 * 026): reads for every member, changes for administrador and operador; routes parse and shape HTTP only.
 */
export function fleetRoutes(
  app: FastifyInstance,
  deps: {
    fleet: FleetService;
    detail: FleetDetailService;
    photos: FleetPhotoService;
    access: OrgHandlers;
  },
) {
  const { fleet, detail, photos } = deps;
  const auth = { preHandler: deps.access.read };
  const write = { preHandler: deps.access.write };
  const user = orgCompany;
  // Routes with a schema check membership before the request is validated (401/403 before 400).
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const readFirst = { preValidation: deps.access.read };

  typed.get(
    FLEET_PATHS.list,
    {
      ...readFirst,
      schema: { summary: 'Empresa: vehículos de la flota', querystring: fleetListQuerySchema },
    },
    async (req) => fleet.list(user(req), req.query),
  );

  app.post(
    FLEET_PATHS.upload,
    { ...write, schema: { summary: 'Empresa: subir el archivo de la flota' } },
    async (req, reply) => {
      const result = await fleet.upload(user(req), fileReader(req, fleet.maxUploadBytes));
      return reply.code(result.status).send(result.body);
    },
  );

  app.get(
    FLEET_PATHS.latestUpload,
    { ...auth, schema: { summary: 'Empresa: última carga de la flota' } },
    async (req) => fleet.latestUpload(user(req)),
  );

  app.get(
    '/api/togo/vehicle/estado_carga_flota/:id/',
    { ...auth, schema: { summary: 'Empresa: estado de una carga de la flota' } },
    async (req) => fleet.uploadStatus(user(req), pathId(req)),
  );

  typed.get(
    FLEET_PATHS.errors,
    {
      ...readFirst,
      schema: { summary: 'Empresa: errores de una carga de la flota', querystring: fleetErrorsQuerySchema },
    },
    async (req) => fleet.errors(user(req), req.query),
  );

  app.get(
    FLEET_PATHS.guide,
    { ...auth, schema: { summary: 'Empresa: guía del archivo de la flota' } },
    async (req, reply) => sendXlsx(reply, 'guia-flota-togo.xlsx', await fleet.guide(user(req))),
  );

  app.get(
    FLEET_PATHS.errorsDownload,
    { ...auth, schema: { summary: 'Empresa: descargar los errores de una carga' } },
    async (req, reply) => sendXlsx(reply, 'errores-flota-togo.xlsx', await fleet.errorsWorkbook(user(req))),
  );

  app.get(
    '/api/togo/vehicle/:id/detalle_flota/',
    { ...auth, schema: { summary: 'Empresa: detalle de un vehículo de la flota' } },
    async (req) => detail.detail(user(req), pathId(req)),
  );

  app.delete(
    '/api/togo/vehicle/:id/eliminar_flota/',
    { ...write, schema: { summary: 'Empresa: quitar un vehículo de la flota' } },
    async (req) => detail.remove(user(req), pathId(req)),
  );

  typed.put(
    '/api/togo/vehicle/:id/conductor_flota/',
    {
      preValidation: deps.access.write,
      schema: { summary: 'Empresa: asignar el conductor de un vehículo', body: fleetDriverAssignSchema },
    },
    async (req) => detail.assignDriver(user(req), pathId(req), req.body),
  );

  app.put(
    '/api/togo/vehicle/:id/conductor_flota/foto/',
    { ...write, schema: { summary: 'Empresa: subir la foto del conductor' } },
    async (req) => photos.upload(user(req), pathId(req), photoReader(req)),
  );

  app.delete(
    '/api/togo/vehicle/:id/conductor_flota/foto/',
    { ...write, schema: { summary: 'Empresa: quitar la foto del conductor' } },
    async (req) => photos.remove(user(req), pathId(req)),
  );
}
