import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ShellPages } from './entry-page-shell.ts';
import { spaPage, type SpaPages } from './spa-fallback.ts';

const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Where the built web app is: WEB_DIST_DIR, or apps/web/dist beside the API. */
export function resolveWebDist(webDistDir: string | undefined): string {
  return path.resolve(webDistDir ?? defaultWebDist);
}

/**
 * The built web app (when present) and the fallback: static files with their caching, index.html for any other
 * GET that is not an API path, a Spanish 404 for the rest. Registered last, after every API route.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string | undefined,
  options: WebAppOptions = {},
): Promise<void> {
  const webDist = resolveWebDist(webDistDir);
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // Our setHeaders decides Cache-Control (send's default 'public, max-age=0' would win otherwise):
      // index.html, sw.js and the manifest must be revalidated so a new build is seen (decision 010).
      cacheControl: false,
      // The build writes .br/.gz beside each text file (apps/web/vite.config.ts); sent when accepted.
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
  }
  // Single-page apps: /operador/* gets the console's page, any other GET that is not an API path gets
  // index.html; the rest a Spanish 404.
  const entryPages = entryPagesIn(path.join(webDist, '_pages'));
  const pages: SpaPages = {
    web: hasWeb,
    console: hasWeb && existsSync(path.join(webDist, 'operador', 'operador.html')),
    entryPages,
  };
  // Pages whose shell shows an image only the server knows (the home's first banner).
  const shells = new ShellPages(
    webDist,
    [...entryPages].map((route) => `_pages${route}.html`),
  );
  app.setNotFoundHandler(async (request, reply) => {
    const page = request.method === 'GET' ? spaPage(request.url, pages) : null;
    if (page) {
      const images = await pageImages(page, options, request.log);
      if (images.length > 0) reply.header('link', preloadLink(images));
      reply.header('cache-control', 'no-cache');
      if (!shells.has(page)) return reply.sendFile(page);
      const { body, encoding } = shells.body(page, images[0] ?? null, request.headers['accept-encoding']);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8').send(body);
    }
    return reply.code(404).send({ detail: 'No encontrado.' });
  });
}

export interface WebAppOptions {
  /**
   * Images an entry page shows first (its largest paint, known only to the server: the home's first banner),
   * sent as `Link: rel=preload` so they download beside the page's scripts, and the first drawn in the page's
   * shell when it has one (entry-page-shell.ts). Keyed by the route (/app/home).
   */
  preloadImages?: (route: string) => Promise<readonly string[]>;
}

/** An entry page's first images; a failing look-up costs the hint and the shell's image, never the page. */
async function pageImages(
  page: string,
  options: WebAppOptions,
  log: FastifyBaseLogger,
): Promise<readonly string[]> {
  const route = /^_pages(\/.+)\.html$/.exec(page)?.[1];
  if (!route || !options.preloadImages) return [];
  try {
    return await options.preloadImages(route);
  } catch (error) {
    log.warn({ err: error, route }, 'preload look-up failed');
    return [];
  }
}

const preloadLink = (images: readonly string[]) =>
  images.map((href) => `<${href}>; rel=preload; as=image; fetchpriority=high`).join(', ');

/** The paths the build wrote a page for (apps/web/scripts/prerender.ts): _pages/auth/login.html → /auth/login. */
function entryPagesIn(dir: string): Set<string> {
  if (!existsSync(dir)) return new Set();
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  return new Set(
    files
      .filter((file) => file.endsWith('.html'))
      .map((file) => `/${file.slice(0, -'.html'.length).split(path.sep).join('/')}`),
  );
}
