import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  catalogPageSchema,
  catalogQuerySchema,
  type CatalogPage,
  urlListResponseSchema,
  urlQuerySchema,
} from '@togo/domain/catalog/catalog.contract';
import type { CatalogService } from './catalog.service.ts';

/** Staff edit these in the console and drivers must see it at once: the browser revalidates every time. */
const CACHE = 'private, no-cache';

/** DRF's next/previous: the absolute URL of the request with `page` replaced (removed for page 1). */
function pageUrl(req: FastifyRequest, page: number | null): string | null {
  if (page === null) return null;
  const url = new URL(req.url, `${req.protocol}://${req.host}`);
  if (page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

/** Catalogues and configured URLs (AHGA §7, SPPF §7). */
export function catalogRoutes(
  app: FastifyInstance,
  deps: { catalog: CatalogService; auth: preHandlerAsyncHookHandler },
) {
  const { catalog } = deps;
  // The session is checked before the query is validated (401 before 400).
  const authFirst = { preValidation: deps.auth };
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/conf/catalogos/paginado/',
    {
      ...authFirst,
      schema: {
        summary: 'Catálogo paginado (banners, servicios, trámites)',
        querystring: catalogQuerySchema,
        response: { 200: catalogPageSchema },
      },
    },
    async (req, reply): Promise<CatalogPage> => {
      const data = await catalog.page(req.query);
      reply.header('cache-control', CACHE);
      return {
        count: data.count,
        next: pageUrl(req, data.hasNext ? data.page + 1 : null),
        previous: pageUrl(req, data.page > 1 ? data.page - 1 : null),
        results: data.results,
      };
    },
  );

  typed.get(
    '/api/automas-param-system/togo-urls/',
    {
      ...authFirst,
      schema: {
        summary: 'URLs con nombre de la aplicación',
        querystring: urlQuerySchema,
        response: { 200: urlListResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', CACHE);
      return catalog.urls(req.query.name__in);
    },
  );
}
