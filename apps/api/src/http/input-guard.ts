import type { FastifyInstance } from 'fastify';
import { hasNul } from '@togo/domain/input-limits';
import { AppError } from './app-error.ts';
import { registerJsonBodyParser } from './json-body.ts';
import { rejectNul } from './validation.ts';

/**
 * One check for every route, before any handler or authentication runs (decision 018): a NUL character in a
 * path parameter, the query string, a JSON body or a header is a 400, never text that reaches PostgreSQL (which
 * cannot store it and answers an error). Body fields are named DRF style; a header is named in `detail`.
 * `parse()` makes the same check, for parts read outside this hook. JSON bodies nested too deeply are refused
 * by the body parser itself, before this hook (or anything else) walks them (decision 066).
 */
export function registerInputGuard(app: FastifyInstance): void {
  registerJsonBodyParser(app);
  app.addHook('preValidation', async (request) => {
    for (const [name, value] of Object.entries(request.headers)) {
      const values = Array.isArray(value) ? value : [value];
      if (values.some((v) => typeof v === 'string' && hasNul(v))) {
        throw AppError.badRequest(`El encabezado ${name} contiene caracteres no válidos.`);
      }
    }
    // The static catch-all's parameter is the path itself, not a field.
    const { '*': path, ...params } = (request.params ?? {}) as Record<string, unknown>;
    if (typeof path === 'string' && hasNul(path)) {
      throw AppError.badRequest('La dirección contiene caracteres no válidos.');
    }
    rejectNul(params);
    rejectNul(request.query);
    // A multipart body is a stream here (read by the route); JSON bodies are parsed objects.
    if (request.body !== undefined && !request.isMultipart()) rejectNul(request.body);
  });
}
