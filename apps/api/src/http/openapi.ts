import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { renderApiDocsPage, type OpenApiDocumentView } from './api-docs-page.ts';
import { needsIfMatch } from './if-match.ts';
import { isTokenSecured } from './route-security.ts';
import { registerTypedRoutes } from './typed-routes.ts';

export const API_DOCS_PATHS = { page: '/api/docs', json: '/api/docs/openapi.json' } as const;

/** API_DOCS when set; otherwise served everywhere but production (decision 042). */
export function apiDocsEnabled(config: Pick<Config, 'API_DOCS' | 'NODE_ENV'>): boolean {
  return config.API_DOCS ?? config.NODE_ENV !== 'production';
}

/**
 * The library's transform (zod → JSON Schema, input side; its default skip list names @fastify/swagger-ui's paths,
 * which this app does not serve), with each part's `required` list made exact.
 */
const zodTransform = createJsonSchemaTransform({ skipList: [] });

/** The DRF-shaped error body every 4xx answer has (http/error-handler.ts). */
const ERROR_BODY = {
  type: 'object',
  description: 'Error en la forma de Django REST Framework: {"detail": "…"} o {"campo": ["mensaje"]}.',
  additionalProperties: true,
} as const;

/** The error answers an operation can give, from what the route declares: input schemas, guards, path ids. */
function errorResponses(route: {
  method: string;
  url: string;
  secured: boolean;
  hasInput: boolean;
  ifMatch: boolean;
}): Record<string, object> {
  const out: Record<string, object> = {};
  const error = (description: string) => ({ ...ERROR_BODY, description });
  if (route.hasInput || ['POST', 'PUT', 'PATCH'].includes(route.method)) {
    out['400'] = error('Datos inválidos: {"campo": ["mensaje"]} o {"detail": "…"}.');
  }
  if (route.secured) {
    out['401'] = error('Sin sesión, o con un token inválido o vencido.');
    out['403'] = error('La sesión no tiene permiso para esta operación.');
  }
  if (route.url.includes(':')) out['404'] = error('No existe, o no es de quien pregunta.');
  if (route.ifMatch) {
    out['409'] = error('Otra persona guardó cambios desde la versión leída (If-Match): nada se escribió.');
    out['428'] = error('Falta el encabezado If-Match con la versión leída.');
  }
  return out;
}

/** 'POST /wh/agendar-rtm/' → 'postWhAgendarRtm'; a path parameter ':id' → 'ById'. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/).filter(Boolean),
    );
  return [method.toLowerCase(), ...words.map((w) => w.charAt(0).toUpperCase() + w.slice(1))].join('');
}

/**
 * The library's transform, then the operation's documentation from the route itself (decision 060):
 * - each part's top-level `required` list made exact: zod describes a `z.preprocess` field by its output (`page:
 *   integer`, required) though the preprocess supplies a default when it is absent; a field is required exactly
 *   when the schema refuses it absent (contracts are pure, so asking is safe);
 * - `operationId` derived from the method and path unless the route names one;
 * - `security`: the Token scheme when one of the route's guards is marked (http/route-security.ts), else none;
 * - the 4xx answers the route can give, beside the 2xx answer schemas it declares; a write marked IF_MATCH_ROUTE
 *   also documents its If-Match header, 409 and 428 (decision 096).
 */
const transform: SwaggerTransform = (input) => {
  const result = zodTransform(input);
  const zodSchema = input.schema as Record<string, unknown> | undefined;
  const json = (result.schema ?? {}) as Record<string, unknown>;
  for (const part of ['body', 'querystring', 'params'] as const) {
    const zod = zodSchema?.[part];
    const partJson = json[part] as { required?: string[] } | undefined;
    if (!(zod instanceof z.ZodObject) || !partJson) continue;
    const required = Object.entries(zod.shape as Record<string, z.ZodType>)
      .filter(([, field]) => !field.safeParse(undefined).success)
      .map(([key]) => key);
    if (required.length) partJson.required = required;
    else delete partJson.required;
  }
  const route = input.route;
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string;
  const secured = isTokenSecured(route);
  const hasInput = ['body', 'querystring', 'params'].some((part) => zodSchema?.[part] !== undefined);
  const ifMatch = needsIfMatch(route);
  if (ifMatch) {
    // Decision 096: the write names the version it read; the header is checked by the handler, not by a schema.
    json.headers = {
      type: 'object',
      properties: {
        'if-match': { type: 'string', description: 'La versión leída (su ETag), p. ej. "3".' },
      },
      required: ['if-match'],
    };
  }
  json.operationId ??= operationIdOf(method, input.url);
  json.security ??= secured ? [{ token: [] }] : [];
  const declared = (json.response ?? {}) as Record<string, object>;
  const answers = Object.keys(declared).some((code) => code.startsWith('2'))
    ? declared
    : { ...declared, 200: { description: 'Respuesta correcta (su esquema aún no está declarado).' } };
  json.response = { ...errorResponses({ method, url: input.url, secured, hasInput, ifMatch }), ...answers };
  return { ...result, schema: json };
};

/**
 * The OpenAPI 3.1 document of the whole API, generated by @fastify/swagger from every route Fastify registers,
 * with the zod contracts of the typed routes turned into JSON Schema (fastify-type-provider-zod's transform, the
 * request side: what a client sends). Served at GET /api/docs/openapi.json, and as a plain page at /api/docs.
 * Registered before any route (the plugin collects routes as they are added); when `enabled` is false nothing is
 * registered and both paths are a 404 (decision 042: off in production unless API_DOCS=1).
 */
export async function registerOpenApi(app: FastifyInstance, opts: { enabled: boolean }): Promise<void> {
  if (!opts.enabled) return;
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'API de TOGO',
        version: '0.1.0',
        description:
          'API de TOGO para conductores, empresas de flotas y la consola de operación. Los errores tienen la ' +
          'forma de Django REST Framework: {"detail": "…"} o {"campo": ["mensaje"]}.',
        license: {
          name: 'Propietaria: uso reservado a TOGO y sus integraciones autorizadas.',
          url: '/static/legal/politica-tratamiento-datos-personales.pdf',
        },
      },
      // Paths are absolute on the server that serves this document.
      servers: [{ url: '/', description: 'Este servidor' }],
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: "'Token <clave>' de la sesión (conductores, empresas y personal de operación).",
          },
        },
      },
    },
    transform,
  });

  const hidden = { schema: { hide: true } };
  let page: string | undefined;
  app.get(API_DOCS_PATHS.json, hidden, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
  app.get(API_DOCS_PATHS.page, hidden, async (_req, reply) => {
    // Routes cannot change once the app is ready: the page is built once.
    page ??= renderApiDocsPage(app.swagger() as unknown as OpenApiDocumentView, API_DOCS_PATHS.json);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  });
}

/**
 * Before any route: zod schemas validate typed routes, and the OpenAPI document (when enabled) collects every
 * route added afterwards.
 */
export async function registerApiSchemas(
  app: FastifyInstance,
  config: Pick<Config, 'API_DOCS' | 'NODE_ENV'>,
): Promise<void> {
  registerTypedRoutes(app, { checkResponses: config.NODE_ENV !== 'production' });
  await registerOpenApi(app, { enabled: apiDocsEnabled(config) });
}
