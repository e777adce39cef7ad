import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BANNER_IMAGE_MAX_BYTES,
  catalogEntriesQuerySchema,
  catalogEntryInputSchema,
  CONTENT_MSG,
  contentImageParamsSchema,
  exportFileParamsSchema,
  namedUrlInputSchema,
  namedUrlParamsSchema,
  namedUrlUpdateSchema,
} from '@togo/domain/operator/operator-content.contract';
import { AppError } from '../../http/app-error.ts';
import { fileFieldReader, MALFORMED_MULTIPART } from '../../http/multipart.ts';
import { IF_MATCH_ROUTE, ifMatchVersion, withVersionTag } from '../../http/if-match.ts';
import { notFoundParams } from '../../http/typed-routes.ts';
import { pathId } from '../../http/validation.ts';
import { actorOf, type requireStaff } from './operator-auth.hook.ts';
import type { OperatorContentService } from './operator-content.service.ts';
import type { OperatorExportService } from './operator-export.service.ts';

/** A URL name or an export file that does not exist is a 404 `{detail: 'No encontrado.'}`, never a 400. */
const urlParams = notFoundParams(namedUrlParamsSchema);
const exportParams = notFoundParams(exportFileParamsSchema);

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

  app.get(
    '/api/operador/contenido/catalogos/',
    { ...read, schema: { summary: 'Consola: catálogos editables' } },
    async () => content.groups(),
  );

  typed.get(
    '/api/operador/contenido/entradas/',
    {
      ...readFirst,
      schema: { summary: 'Consola: entradas de un catálogo', querystring: catalogEntriesQuerySchema },
    },
    async (req) => content.entries(req.query),
  );

  app.get(
    '/api/operador/contenido/entradas/:id/',
    { ...read, schema: { summary: 'Consola: una entrada de catálogo' } },
    async (req, reply) => {
      const entry = await content.entry(pathId(req));
      withVersionTag(reply, entry.version);
      return entry;
    },
  );

  typed.post(
    '/api/operador/contenido/entradas/',
    {
      ...writeFirst,
      schema: { summary: 'Consola: crear una entrada de catálogo', body: catalogEntryInputSchema },
    },
    async (req, reply) => reply.code(201).send(await content.createEntry(actorOf(req), req.body)),
  );

  typed.put(
    '/api/operador/contenido/entradas/:id/',
    {
      ...writeFirst,
      ...IF_MATCH_ROUTE,
      schema: { summary: 'Consola: editar una entrada de catálogo', body: catalogEntryInputSchema },
    },
    async (req) => content.updateEntry(actorOf(req), pathId(req), req.body, ifMatchVersion(req)),
  );

  app.delete(
    '/api/operador/contenido/entradas/:id/',
    { ...write, ...IF_MATCH_ROUTE, schema: { summary: 'Consola: borrar una entrada de catálogo' } },
    async (req, reply) => {
      await content.deleteEntry(actorOf(req), pathId(req), ifMatchVersion(req));
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/operador/contenido/urls/',
    { ...read, schema: { summary: 'Consola: URLs con nombre' } },
    async () => content.urls(),
  );

  typed.post(
    '/api/operador/contenido/urls/',
    { ...writeFirst, schema: { summary: 'Consola: crear una URL con nombre', body: namedUrlInputSchema } },
    async (req, reply) =>
      reply.code(201).send(await content.writeUrl(actorOf(req), req.body.name, req.body.url, 'create')),
  );

  typed.put(
    '/api/operador/contenido/urls/:name/',
    {
      ...writeFirst,
      ...IF_MATCH_ROUTE,
      schema: {
        summary: 'Consola: cambiar una URL con nombre',
        params: urlParams,
        body: namedUrlUpdateSchema,
      },
    },
    async (req) =>
      content.writeUrl(actorOf(req), req.params.name, req.body.url, { expected: ifMatchVersion(req) }),
  );

  typed.delete(
    '/api/operador/contenido/urls/:name/',
    {
      ...writeFirst,
      ...IF_MATCH_ROUTE,
      schema: { summary: 'Consola: borrar una URL con nombre', params: urlParams },
    },
    async (req, reply) => {
      await content.deleteUrl(actorOf(req), req.params.name, ifMatchVersion(req));
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/operador/contenido/imagenes/',
    { ...write, schema: { summary: 'Consola: subir una imagen de contenido' } },
    async (req, reply) => {
      if (!req.isMultipart()) throw new AppError(415, CONTENT_MSG.imageType);
      const file = await fileFieldReader(req, {
        field: 'imagen',
        maxBytes: BANNER_IMAGE_MAX_BYTES,
        tooLarge: CONTENT_MSG.imageTooLarge,
        malformed: MALFORMED_MULTIPART,
      })();
      return reply.code(201).send(await content.uploadImage(actorOf(req), file?.bytes ?? null));
    },
  );

  // Public: banners are shown to everyone. A new image always gets a new id, so it can be cached for good.
  typed.get(
    '/api/contenido/imagenes/:file',
    { schema: { summary: 'Imagen de contenido subida desde la consola', params: contentImageParamsSchema } },
    async (req, reply) => {
      const image = await content.image(req.params.file);
      if (!image) throw AppError.notFound();
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },
  );

  typed.get(
    '/api/operador/exportar/:archivo/',
    {
      preValidation: guard('exportar.seed'),
      schema: { summary: 'Consola: exportar un archivo de datos de referencia', params: exportParams },
    },
    async (req, reply) => {
      const file = req.params.archivo;
      const body = await deps.exporter.export(file);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${deps.exporter.filename(file)}"`)
        .header('cache-control', 'no-store')
        .send(`${JSON.stringify(body, null, 2)}\n`);
    },
  );
}
