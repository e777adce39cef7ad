import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { detailAnswerSchema } from '@togo/domain/detail-answer.contract';
import {
  fileUploadResponseSchema,
  GARAGE_MSG,
  GARAGE_UPLOAD_MAX_BYTES,
  vehicleCreateSchema,
  vehicleListSchema,
  vehicleSchema,
  vehicleValueResponseSchema,
  VEHICLE_MILEAGE_PATH,
  vehicleMileageSchema,
} from '@togo/domain/garage/garage.contract';
import { AppError } from '../../http/app-error.ts';
import { requireSession } from '../../http/auth.ts';
import { fileFieldReader, MALFORMED_MULTIPART } from '../../http/multipart.ts';
import { pathId } from '../../http/validation.ts';
import type { GarageFilesService } from './garage-files.service.ts';
import type { GarageService } from './garage.service.ts';

/** The multipart field 'file', at most 5 MB (413 beyond); null when there is none. */
const licenceOrImage = (req: FastifyRequest) => async () =>
  (
    await fileFieldReader(req, {
      field: 'file',
      maxBytes: GARAGE_UPLOAD_MAX_BYTES,
      tooLarge: GARAGE_MSG.fileTooLarge,
      malformed: MALFORMED_MULTIPART,
    })()
  )?.bytes ?? null;

/** Garage API (AHGA §7). Every path needs the token. Routes parse and shape HTTP only. */
export function garageRoutes(
  app: FastifyInstance,
  deps: { garage: GarageService; files: GarageFilesService; auth: preHandlerAsyncHookHandler },
) {
  const { garage, files } = deps;
  const auth = { preHandler: deps.auth };
  const userId = (req: FastifyRequest) => requireSession(req).user.id;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // The session is checked before the body is validated (401 before 400).
  typed.post(
    '/api/togo/vehicle/',
    {
      preValidation: deps.auth,
      schema: {
        summary: 'Agregar un vehículo al garaje',
        body: vehicleCreateSchema,
        response: { 201: vehicleSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await garage.create(userId(req), req.body)),
  );

  typed.get(
    '/api/togo/vehicle/user_garages/',
    {
      ...auth,
      schema: { summary: 'Vehículos del garaje del usuario', response: { 200: vehicleListSchema } },
    },
    async (req) => garage.list(userId(req)),
  );

  typed.get(
    '/api/togo/vehicle/get_garaje_selected/',
    { ...auth, schema: { summary: 'Vehículo seleccionado del garaje', response: { 200: vehicleSchema } } },
    async (req) => garage.getSelected(userId(req)),
  );

  typed.put(
    '/api/togo/vehicle/:id/set_garaje_selected/',
    { ...auth, schema: { summary: 'Seleccionar un vehículo del garaje', response: { 200: vehicleSchema } } },
    async (req) => garage.select(userId(req), pathId(req)),
  );

  // The session is checked before the body is validated (401 before 400).
  typed.put(
    VEHICLE_MILEAGE_PATH,
    {
      preValidation: deps.auth,
      schema: {
        summary: 'Corregir el kilometraje de un vehículo',
        body: vehicleMileageSchema,
        response: { 200: vehicleSchema },
      },
    },
    async (req) => garage.correctMileage(userId(req), pathId(req), req.body),
  );

  typed.put(
    '/api/togo/vehicle/:id/delete_garage/',
    { ...auth, schema: { summary: 'Quitar un vehículo del garaje', response: { 200: detailAnswerSchema } } },
    async (req) => garage.remove(userId(req), pathId(req)),
  );

  typed.get(
    '/api/togo/vehicle/:id/valor_vehicle/',
    {
      ...auth,
      schema: { summary: 'Valor comercial de un vehículo', response: { 200: vehicleValueResponseSchema } },
    },
    async (req) => garage.value(userId(req), pathId(req)),
  );

  typed.post(
    '/api/togo/vehicle/:id/upload_file_to_garage/',
    {
      ...auth,
      schema: { summary: 'Subir un documento del vehículo', response: { 200: fileUploadResponseSchema } },
    },
    async (req) => files.uploadLicence(userId(req), pathId(req), licenceOrImage(req)),
  );

  typed.post(
    '/api/togo/vehicle/:id/upload_image_to_garage/',
    {
      ...auth,
      schema: { summary: 'Subir la foto del vehículo', response: { 200: fileUploadResponseSchema } },
    },
    async (req) => files.uploadImage(userId(req), pathId(req), licenceOrImage(req)),
  );
}

/** '{uuid}' or '{uuid}.{ext}' */
const FILE_RE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\.(pdf|jpg|png))?$/;

/**
 * GET /api/files/{id}.{ext}?exp=&sig= (the extension is optional) — stored files behind expiring signed URLs. No token: the URL is the
 * capability (usable in <img src>). nosniff and the stored content type; cached privately until expiry.
 */
export function fileRoutes(app: FastifyInstance, deps: { files: GarageFilesService }) {
  app.get(
    '/api/files/:id',
    { schema: { summary: 'Descargar un archivo con URL firmada' } },
    async (req, reply) => {
      const match = FILE_RE.exec((req.params as { id: string }).id);
      const q = req.query as { exp?: string; sig?: string };
      const exp = /^\d{1,12}$/.test(q.exp ?? '') ? Number(q.exp) : NaN;
      const sig = q.sig ?? '';
      if (!match?.[1] || Number.isNaN(exp) || !/^[A-Za-z0-9_-]{1,100}$/.test(sig)) {
        throw AppError.forbidden('El enlace no es válido o expiró.');
      }
      const file = await deps.files.serve(match[1], match[2] ?? null, exp, sig);
      return reply
        .header('content-type', file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', `private, max-age=${Math.min(file.maxAge, 3600)}`)
        .header('content-disposition', `inline; filename="${file.filename}"`)
        .send(file.bytes);
    },
  );
}
