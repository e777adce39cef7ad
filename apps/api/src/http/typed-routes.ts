import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from './app-error.ts';
import { toFieldErrors } from './validation.ts';

/**
 * Validates a route's `schema: { params, body, querystring }` (zod contracts) exactly as `parse()` did in the
 * handlers: an absent body is `{}`, and a failure is the project's one error type, a 400 naming each field in the
 * DRF shape (decision 042). Fastify passes an Error returned here on to the error handler unchanged. The NUL
 * check `parse()` makes first is done for every route by the input guard, which runs before validation.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, method, url, httpPart }) => {
  if (typeof (schema as Partial<z.ZodType>)?.safeParse !== 'function') {
    throw new Error(`${method} ${url}: the ${httpPart} schema is not a zod schema`);
  }
  return (data) => {
    // Fastify hands an absent body over as null.
    const result = schema.safeParse(data ?? {});
    if (!result.success) return { error: new AppError(400, toFieldErrors(result.error)) };
    return { value: result.data };
  };
};

/**
 * Typed routes (fastify-type-provider-zod): zod schemas validate requests, and a route with a `response` schema is
 * serialised through it. Routes opt in with `app.withTypeProvider<ZodTypeProvider>()` and `schema: {…}`; a route
 * whose guards must answer before a 400 (401, 403: the order the handlers had) runs them as `preValidation`.
 */
export function registerTypedRoutes(app: FastifyInstance): void {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
