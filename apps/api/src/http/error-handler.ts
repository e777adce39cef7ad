import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';
import { DATABASE_UNAVAILABLE_DETAIL, isDatabaseUnavailable } from './database-unavailable.ts';

const FRAMEWORK_MESSAGES: Record<string, { status: number; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: 'El cuerpo de la solicitud no es un JSON válido.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: 'El cuerpo de la solicitud está vacío.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: 'La solicitud es demasiado grande.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, detail: 'Tipo de contenido no soportado.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, detail: 'Longitud de contenido no válida.' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, detail: 'El archivo es demasiado grande.' },
  FST_FILES_LIMIT: { status: 413, detail: 'Se enviaron demasiados archivos.' },
  FST_PARTS_LIMIT: { status: 413, detail: 'La solicitud tiene demasiadas partes.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, detail: 'La solicitud debe ser multipart/form-data.' },
};

/**
 * One handler: AppError → its DRF body; framework errors → Spanish 4xx; the database unreachable → Spanish 503;
 * anything else → opaque 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).headers(error.headers).send(error.body);
    }
    const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
    if (known) return reply.code(known.status).send({ detail: known.detail });
    if (error.statusCode === 429) {
      return reply.code(429).send({ detail: 'Demasiadas solicitudes. Intenta de nuevo más tarde.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ detail: 'Solicitud no válida.' });
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL restarting or unreachable (decision 113): a Spanish 503 at once; the pool reconnects by itself.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '30').send({ detail: DATABASE_UNAVAILABLE_DETAIL });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Error interno del servidor. Intenta de nuevo más tarde.' });
  });
}
