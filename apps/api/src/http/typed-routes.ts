import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
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
  const notFound = httpPart === 'params' && NOT_FOUND_PARAMS.has(schema);
  return (data) => {
    // Fastify hands an absent body over as null.
    const result = schema.safeParse(data ?? {});
    if (!result.success) {
      if (notFound) return { error: AppError.notFound(result.error.issues[0]?.message) };
      return { error: new AppError(400, toFieldErrors(result.error)) };
    }
    return { value: result.data };
  };
};

const NOT_FOUND_PARAMS = new WeakSet<z.ZodType>();

/**
 * A params schema whose refusal is a 404 `{detail}` (its first message), not a 400: a path segment that names
 * nothing is not found, as `pathId` answers, and as another user's object is.
 */
export function notFoundParams<S extends z.ZodType>(schema: S): S {
  NOT_FOUND_PARAMS.add(schema);
  return schema;
}

/**
 * How an answer with a `response` schema is written (decision 060): as `JSON.stringify` writes it, byte for byte what
 * a route without a schema sends. It is never *encoded* through the schema (fastify-type-provider-zod's
 * serializer strips every key the schema does not list and applies its transforms), so declaring a schema cannot
 * drop or coerce a field a client reads. When `check` is on (everywhere but production) the answer is first
 * parsed with its schema, and a mismatch is an Error (a 500 naming the route and the fields): the integration
 * tests then catch a contract that no longer describes the answer. Production only writes.
 */
export function jsonResponseSerializer(check: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url, httpStatus }) => {
    if (typeof (schema as Partial<z.ZodType>)?.safeParse !== 'function') {
      throw new Error(`${method} ${url}: the ${httpStatus} response schema is not a zod schema`);
    }
    return (data) => {
      if (check) {
        const result = schema.safeParse(data);
        if (!result.success) {
          const fields = result.error.issues.map((i) => `${i.path.join('.') || '(raíz)'}: ${i.message}`);
          throw new Error(
            `${method} ${url} ${httpStatus}: the answer does not match its schema: ${fields.join('; ')}`,
          );
        }
      }
      return JSON.stringify(data);
    };
  };
}

/**
 * Typed routes (fastify-type-provider-zod): zod schemas validate requests, and answers with a `response` schema
 * are checked against it outside production (`jsonResponseSerializer`). Routes opt in with
 * `app.withTypeProvider<ZodTypeProvider>()` and `schema: {…}`; a route whose guards must answer before a 400 (401,
 * 403: the order the handlers had) runs them as `preValidation`.
 */
export function registerTypedRoutes(app: FastifyInstance, opts: { checkResponses: boolean }): void {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(jsonResponseSerializer(opts.checkResponses));
}
