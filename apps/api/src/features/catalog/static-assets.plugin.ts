import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** apps/api/public: banner images, catalogue icons, legal PDFs and the small embedded pages. */
export const PUBLIC_DIR = fileURLToPath(new URL('../../../public', import.meta.url));
const THIRTY_DAYS_MS = 30 * 24 * 3600 * 1000;

/**
 * Serves apps/api/public at /static/ with a long browser cache (30 days, ETag and Last-Modified for
 * revalidation; give a replaced image a new file name to bust caches). A missing file is a JSON 404, never the
 * single-page app's index.html. PDFs get a CSP without `object-src 'none'`, which would block Chrome's built-in
 * PDF viewer.
 */
export async function registerStaticAssets(
  app: FastifyInstance,
  opts: { root?: string } = {},
): Promise<void> {
  await app.register(
    async (scope) => {
      scope.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'No encontrado.' }));
      scope.addHook('onSend', async (_request, reply, payload) => {
        const type = reply.getHeader('content-type');
        if (typeof type === 'string' && type.startsWith('application/pdf')) {
          reply.header('content-security-policy', "frame-ancestors 'self'");
        }
        return payload;
      });
      await scope.register(fastifyStatic, {
        root: opts.root ?? PUBLIC_DIR,
        prefix: '/',
        decorateReply: false,
        index: false,
        maxAge: THIRTY_DAYS_MS,
      });
    },
    { prefix: '/static' },
  );
}
