import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { bogotaToday } from '@togo/domain/bogota-time';
import {
  BLOG_LIST_MAX,
  BLOG_MSG,
  BLOG_PATHS,
  type BlogArticle,
  type BlogList,
} from '@togo/domain/content/blog.contract';
import { AppError } from '../../http/app-error.ts';
import { pathId } from '../../http/validation.ts';
import type { Clock } from '../../lib/clock.ts';
import type { BlogRepository } from './blog.repository.ts';

/** Staff publish in the console and drivers must see it at once: the browser revalidates every time. */
const CACHE = 'private, no-cache';

/**
 * The drivers' blog (issue 38): published articles whose date (Bogotá, injected clock) has come, newest first.
 * A draft, or an article dated in the future, answers 404 as if it did not exist.
 */
export function blogRoutes(
  app: FastifyInstance,
  deps: { repo: BlogRepository; clock: Clock; auth: preHandlerAsyncHookHandler },
) {
  const { repo, clock } = deps;
  const auth = { preHandler: deps.auth };

  app.get(
    BLOG_PATHS.list,
    { ...auth, schema: { summary: 'Blog: artículos publicados' } },
    async (_req, reply): Promise<BlogList> => {
      const rows = await repo.list(bogotaToday(clock.now()), BLOG_LIST_MAX);
      void reply.header('cache-control', CACHE);
      return {
        results: rows.map((r) => ({
          id: r.id,
          titulo: r.titulo,
          portada: r.portada,
          fecha_publicacion: r.fechaPublicacion,
        })),
      };
    },
  );

  app.get(
    '/api/contenido/blog/:id/',
    { ...auth, schema: { summary: 'Blog: un artículo publicado' } },
    async (req, reply): Promise<BlogArticle> => {
      const row = await repo.find(pathId(req), bogotaToday(clock.now()));
      if (!row) throw AppError.notFound(BLOG_MSG.notFound);
      void reply.header('cache-control', CACHE);
      return {
        id: row.id,
        titulo: row.titulo,
        portada: row.portada,
        cuerpo: row.cuerpo,
        fecha_publicacion: row.fechaPublicacion,
      };
    },
  );
}
