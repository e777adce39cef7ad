import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { FeatureContext } from '../../feature-context.ts';
import { BlogRepository } from './blog.repository.ts';
import { blogRoutes } from './blog.routes.ts';
import { CatalogRepository } from './catalog.repository.ts';
import { catalogRoutes } from './catalog.routes.ts';
import { CatalogService } from './catalog.service.ts';
import { registerStaticAssets } from './static-assets.plugin.ts';

/**
 * Catalogues and named URLs (banners, services, trámites) and the files they point at (apps/api/public at
 * /static/), and the blog articles published in the console. Answers the catalogue, whose first banner the home page preloads (decision 044).
 */
export async function registerCatalog(
  app: FastifyInstance,
  deps: Pick<FeatureContext, 'db' | 'clock'> & { auth: preHandlerAsyncHookHandler },
): Promise<CatalogService> {
  const catalog = new CatalogService(new CatalogRepository(deps.db));
  catalogRoutes(app, { catalog, auth: deps.auth });
  blogRoutes(app, { repo: new BlogRepository(deps.db), clock: deps.clock, auth: deps.auth });
  await registerStaticAssets(app);
  return catalog;
}
