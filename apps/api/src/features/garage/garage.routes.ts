import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  GARAGE_MSG,
  GARAGE_UPLOAD_MAX_BYTES,
  vehicleCreateSchema,
} from '@togo/domain/garage/garage.contract';
import { AppError } from '../../http/app-error.ts';
import { requireSession } from '../../http/auth.ts';
import { parse } from '../../http/validation.ts';
import type { GarageFilesService } from './garage-files.service.ts';
import type { GarageService } from './garage.service.ts';

const MAX_INT4 = 2_147_483_647;

/** The {id} path segment: a vehicle id, or 404 (a segment that names nothing). */
function vehicleId(req: FastifyRequest): number {
  const raw = (req.params as { id?: string }).id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(id) || id <= 0 || id > MAX_INT4) throw AppError.notFound();
  return id;
}

/** Reads the multipart field 'file' into memory, at most 5 MB (413 beyond). null when there is none. */
function fileReader(req: FastifyRequest): () => Promise<Buffer | null> {
  return async () => {
    const part = await req.file({ limits: { fileSize: GARAGE_UPLOAD_MAX_BYTES, files: 1 } });
    if (!part) return null;
    if (part.fieldname !== 'file') {
      part.file.resume();
      return null;
    }
    try {
      return await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError(413, GARAGE_MSG.fileTooLarge);
      }
      throw err;
    }
  };
}

/** Garage API (AHGA §7). Every path needs the token. Routes parse and shape HTTP only. */
export function garageRoutes(
  app: FastifyInstance,
  deps: { garage: GarageService; files: GarageFilesService; auth: preHandlerAsyncHookHandler },
) {
  const { garage, files } = deps;
  const auth = { preHandler: deps.auth };
  const userId = (req: FastifyRequest) => requireSession(req).user.id;

  app.post('/api/togo/vehicle/', auth, async (req, reply) => {
    const vehicle = await garage.create(userId(req), parse(vehicleCreateSchema, req.body));
    return reply.code(201).send(vehicle);
  });

  app.get('/api/togo/vehicle/user_garages/', auth, async (req) => garage.list(userId(req)));

  app.get('/api/togo/vehicle/get_garaje_selected/', auth, async (req) => garage.getSelected(userId(req)));

  app.put('/api/togo/vehicle/:id/set_garaje_selected/', auth, async (req) =>
    garage.select(userId(req), vehicleId(req)),
  );

  app.put('/api/togo/vehicle/:id/delete_garage/', auth, async (req) =>
    garage.remove(userId(req), vehicleId(req)),
  );

  app.get('/api/togo/vehicle/:id/valor_vehicle/', auth, async (req) =>
    garage.value(userId(req), vehicleId(req)),
  );

  app.post('/api/togo/vehicle/:id/upload_file_to_garage/', auth, async (req) =>
    files.uploadLicence(userId(req), vehicleId(req), fileReader(req)),
  );

  app.post('/api/togo/vehicle/:id/upload_image_to_garage/', auth, async (req) =>
    files.uploadImage(userId(req), vehicleId(req), fileReader(req)),
  );
}

/** '{uuid}' or '{uuid}.{ext}' */
const FILE_RE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\.(pdf|jpg|png))?$/;

/**
 * GET /api/files/{id}.{ext}?exp=&sig= (the extension is optional) — stored files behind expiring signed URLs. No token: the URL is the
 * capability (usable in <img src>). nosniff and the stored content type; cached privately until expiry.
 */
export function fileRoutes(app: FastifyInstance, deps: { files: GarageFilesService }) {
  app.get('/api/files/:id', async (req, reply) => {
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
  });
}
