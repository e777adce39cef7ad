import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BANNER_IMAGE_MAX_BYTES,
  catalogEntriesQuerySchema,
  catalogEntryInputSchema,
  CONTENT_MSG,
  EXPORT_FILES,
  namedUrlInputSchema,
  namedUrlUpdateSchema,
  type ExportFile,
} from '@togo/domain/operator/operator-content.contract';
import { AppError } from '../../http/app-error.ts';
import { fileFieldReader, MALFORMED_MULTIPART } from '../../http/multipart.ts';
import { pathId } from '../../http/validation.ts';
import { actorOf, type requireStaff } from './operator-auth.hook.ts';
import type { OperatorContentService } from './operator-content.service.ts';
import type { OperatorExportService } from './operator-export.service.ts';

const param = (req: { params: unknown }, name: string) =>
  String((req.params as Record<string, string | undefined>)[name] ?? '');

/**
 * The console's content routes (/api/operador/contenido/…), the seed-file export (/api/operador/exportar/…) and
 * the public address of banner images (/api/contenido/imagenes/…). Reads: every role; writes: admin, contenido;
 * export: admin.
 */
export function operatorContentRoutes(
  app: FastifyInstance,
  deps: {
    guard: ReturnType<typeof requireStaff>;
    content: OperatorContentService;
    exporter: OperatorExportService;
  },
) {
  const { guard, content } = deps;
  const read = { preHandler: guard('contenido.leer') };
  const write = { preHandler: guard('contenido.editar') };
  // Routes with a schema check the staff session and permission first (401/403 before 400).
  const readFirst = { preValidation: guard('contenido.leer') };
  const writeFirst = { preValidation: guard('contenido.editar') };
  const typed = app.withTypeProvider<ZodTypeProvider>();

  app.get('/api/operador/contenido/catalogos/', read, async () => content.groups());

  typed.get(
    '/api/operador/contenido/entradas/',
    { ...readFirst, schema: { querystring: catalogEntriesQuerySchema } },
    async (req) => content.entries(req.query),
  );

  app.get('/api/operador/contenido/entradas/:id/', read, async (req) => content.entry(pathId(req)));

  typed.post(
    '/api/operador/contenido/entradas/',
    { ...writeFirst, schema: { body: catalogEntryInputSchema } },
    async (req, reply) => reply.code(201).send(await content.createEntry(actorOf(req), req.body)),
  );

  typed.put(
    '/api/operador/contenido/entradas/:id/',
    { ...writeFirst, schema: { body: catalogEntryInputSchema } },
    async (req) => content.updateEntry(actorOf(req), pathId(req), req.body),
  );

  app.delete('/api/operador/contenido/entradas/:id/', write, async (req, reply) => {
    await content.deleteEntry(actorOf(req), pathId(req));
    return reply.code(204).send();
  });

  app.get('/api/operador/contenido/urls/', read, async () => content.urls());

  typed.post(
    '/api/operador/contenido/urls/',
    { ...writeFirst, schema: { body: namedUrlInputSchema } },
    async (req, reply) =>
      reply.code(201).send(await content.writeUrl(actorOf(req), req.body.name, req.body.url, 'create')),
  );

  typed.put(
    '/api/operador/contenido/urls/:name/',
    { ...writeFirst, schema: { body: namedUrlUpdateSchema } },
    async (req) => {
      const name = param(req, 'name');
      if (!/^[a-z0-9_]{1,100}$/.test(name)) throw AppError.notFound();
      return content.writeUrl(actorOf(req), name, req.body.url, 'replace');
    },
  );

  app.delete('/api/operador/contenido/urls/:name/', write, async (req, reply) => {
    const name = param(req, 'name');
    if (!/^[a-z0-9_]{1,100}$/.test(name)) throw AppError.notFound();
    await content.deleteUrl(actorOf(req), name);
    return reply.code(204).send();
  });

  app.post('/api/operador/contenido/imagenes/', write, async (req, reply) => {
    if (!req.isMultipart()) throw new AppError(415, CONTENT_MSG.imageType);
    const file = await fileFieldReader(req, {
      field: 'imagen',
      maxBytes: BANNER_IMAGE_MAX_BYTES,
      tooLarge: CONTENT_MSG.imageTooLarge,
      malformed: MALFORMED_MULTIPART,
    })();
    return reply.code(201).send(await content.uploadImage(actorOf(req), file?.bytes ?? null));
  });

  // Public: banners are shown to everyone. A new image always gets a new id, so it can be cached for good.
  app.get('/api/contenido/imagenes/:file', async (req, reply) => {
    const image = await content.image(param(req, 'file'));
    if (!image) throw AppError.notFound();
    return reply
      .header('content-type', image.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(image.bytes);
  });

  app.get('/api/operador/exportar/:archivo/', { preHandler: guard('exportar.seed') }, async (req, reply) => {
    const archivo = param(req, 'archivo');
    if (!(EXPORT_FILES as readonly string[]).includes(archivo)) throw AppError.notFound();
    const file = archivo as ExportFile;
    const body = await deps.exporter.export(file);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${deps.exporter.filename(file)}"`)
      .header('cache-control', 'no-store')
      .send(`${JSON.stringify(body, null, 2)}\n`);
  });
}
