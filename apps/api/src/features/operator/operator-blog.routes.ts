import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { blogArticleInputSchema } from '@togo/domain/content/blog.contract';
import { IF_MATCH_ROUTE, ifMatchVersion, withVersionTag } from '../../http/if-match.ts';
import { pathId } from '../../http/validation.ts';
import { actorOf, type requireStaff } from './operator-auth.hook.ts';
import type { OperatorBlogService } from './operator-blog.service.ts';

/** The console's blog (/api/operador/contenido/blog/…): reads every role, writes admin and contenido. */
export function operatorBlogRoutes(
  app: FastifyInstance,
  deps: { guard: ReturnType<typeof requireStaff>; blog: OperatorBlogService },
) {
  const { guard, blog } = deps;
  const read = { preHandler: guard('contenido.leer') };
  // Routes with a body check the staff session and permission first (401/403 before 400).
  const writeFirst = { preValidation: guard('contenido.editar') };
  const typed = app.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/operador/contenido/blog/',
    { ...read, schema: { summary: 'Consola: artículos del blog (borradores incluidos)' } },
    async () => ({ results: await blog.list() }),
  );

  app.get(
    '/api/operador/contenido/blog/:id/',
    { ...read, schema: { summary: 'Consola: un artículo del blog' } },
    async (req, reply) => {
      const article = await blog.article(pathId(req));
      withVersionTag(reply, article.version);
      return article;
    },
  );

  typed.post(
    '/api/operador/contenido/blog/',
    { ...writeFirst, schema: { summary: 'Consola: escribir un artículo', body: blogArticleInputSchema } },
    async (req, reply) => reply.code(201).send(await blog.create(actorOf(req), req.body)),
  );

  typed.put(
    '/api/operador/contenido/blog/:id/',
    {
      ...writeFirst,
      ...IF_MATCH_ROUTE,
      schema: { summary: 'Consola: editar o publicar un artículo', body: blogArticleInputSchema },
    },
    async (req) => blog.update(actorOf(req), pathId(req), req.body, ifMatchVersion(req)),
  );
}
