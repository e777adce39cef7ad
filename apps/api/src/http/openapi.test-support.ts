import { HTTP_METHODS } from './api-docs-page.ts';

/** The parts of an OpenAPI 3.1 document the checks read. */
export interface OpenApiDoc {
  openapi: string;
  info: { title?: unknown; version?: unknown };
  paths: Record<string, Partial<Record<(typeof HTTP_METHODS)[number], Operation>> & Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, { type?: unknown }> };
}

interface Parameter {
  name?: unknown;
  in?: unknown;
  required?: unknown;
  schema?: unknown;
  content?: unknown;
}

interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: unknown; content?: Record<string, { schema?: unknown }> }>;
}

const PATH_ITEM_KEYS = new Set<string>([
  ...HTTP_METHODS,
  'summary',
  'description',
  'servers',
  'parameters',
  '$ref',
]);
const PARAM_PLACES = new Set(['query', 'header', 'path', 'cookie']);
const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const STATUS = /^(default|[1-5]\d\d|[1-5]XX)$/;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON Schema 2020-12 (OpenAPI 3.1) shape checks of one schema and its subschemas. */
function schemaProblems(schema: unknown, at: string, out: string[]): void {
  if (typeof schema === 'boolean') return;
  if (!isObject(schema)) {
    out.push(`${at}: a schema must be an object or a boolean`);
    return;
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  for (const type of types)
    if (!JSON_TYPES.has(type as string)) out.push(`${at}: unknown type ${String(type)}`);
  // 'nullable' is OpenAPI 3.0's; 3.1 writes type: [..., 'null'].
  if ('nullable' in schema) out.push(`${at}: 'nullable' is not OpenAPI 3.1`);
  if (
    schema.required !== undefined &&
    !(Array.isArray(schema.required) && schema.required.every((r) => typeof r === 'string'))
  ) {
    out.push(`${at}: required must list property names`);
  }
  if (schema.properties !== undefined) {
    if (!isObject(schema.properties)) out.push(`${at}: properties must be an object`);
    else
      for (const [k, v] of Object.entries(schema.properties)) schemaProblems(v, `${at}.properties.${k}`, out);
  }
  if (Array.isArray(schema.items))
    out.push(`${at}: items must be one schema in 3.1 (prefixItems for tuples)`);
  else if (schema.items !== undefined) schemaProblems(schema.items, `${at}.items`, out);
  if (isObject(schema.additionalProperties))
    schemaProblems(schema.additionalProperties, `${at}.additionalProperties`, out);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
    const list = schema[key];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.length === 0) out.push(`${at}.${key}: must be a non-empty array`);
    else list.forEach((s, i) => schemaProblems(s, `${at}.${key}[${i}]`, out));
  }
}

/** Every '$ref' of the document that does not point at something inside it. */
function danglingRefs(doc: unknown): string[] {
  const out: string[] = [];
  const resolve = (ref: string) =>
    ref
      .slice(2)
      .split('/')
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), doc);
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (isObject(node)) {
      const ref = node.$ref;
      if (typeof ref === 'string' && (!ref.startsWith('#/') || resolve(ref) === undefined)) out.push(ref);
      Object.values(node).forEach(walk);
    }
  };
  walk(doc);
  return out;
}

function operationProblems(op: Operation, at: string, template: string[], out: string[]): void {
  const params = op.parameters ?? [];
  const seen = new Set<string>();
  for (const [i, p] of params.entries()) {
    const where = `${at}.parameters[${i}]`;
    if (typeof p.name !== 'string' || !p.name) out.push(`${where}: no name`);
    if (!PARAM_PLACES.has(p.in as string)) out.push(`${where}: 'in' must be query, header, path or cookie`);
    if (p.in === 'path' && p.required !== true) out.push(`${where}: a path parameter must be required`);
    if (p.schema === undefined && p.content === undefined) out.push(`${where}: no schema`);
    else if (p.schema !== undefined) schemaProblems(p.schema, `${where}.schema`, out);
    const key = `${String(p.in)} ${String(p.name)}`;
    if (seen.has(key)) out.push(`${where}: declared twice`);
    seen.add(key);
  }
  const declared = params.filter((p) => p.in === 'path').map((p) => p.name as string);
  for (const name of template)
    if (!declared.includes(name)) out.push(`${at}: path parameter {${name}} not declared`);
  for (const name of declared) if (!template.includes(name)) out.push(`${at}: ${name} is not in the path`);
  if (op.requestBody !== undefined) {
    const content = op.requestBody.content;
    if (!isObject(content) || Object.keys(content).length === 0) out.push(`${at}.requestBody: no content`);
    else
      for (const [type, media] of Object.entries(content))
        schemaProblems(media.schema, `${at}.requestBody.${type}`, out);
  }
  const responses = op.responses;
  if (!isObject(responses) || Object.keys(responses).length === 0) out.push(`${at}: no responses`);
  else
    for (const [status, response] of Object.entries(responses)) {
      if (!STATUS.test(status)) out.push(`${at}.responses.${status}: not a status code`);
      if (typeof response.description !== 'string') out.push(`${at}.responses.${status}: no description`);
      for (const [type, media] of Object.entries(response.content ?? {})) {
        schemaProblems(media.schema, `${at}.responses.${status}.${type}`, out);
      }
    }
}

/**
 * Structural validation of an OpenAPI 3.1 document (no maintained validator is installed, decision 042): the
 * required fields, paths and their templated parameters, parameters, bodies, responses, schema keywords and
 * references. An empty list means valid.
 */
export function openApiProblems(doc: OpenApiDoc): string[] {
  const out: string[] = [];
  if (!/^3\.1\.\d+$/.test(doc.openapi)) out.push(`openapi: ${doc.openapi} is not 3.1.x`);
  if (typeof doc.info?.title !== 'string' || !doc.info.title) out.push('info.title is required');
  if (typeof doc.info?.version !== 'string' || !doc.info.version) out.push('info.version is required');
  if (!isObject(doc.paths)) return [...out, 'paths must be an object'];
  const operationIds = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/')) out.push(`${path}: must start with /`);
    if (/:[A-Za-z_]/.test(path)) out.push(`${path}: Fastify ':param' left in the path`);
    const template = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
    for (const key of Object.keys(item))
      if (!PATH_ITEM_KEYS.has(key)) out.push(`${path}: unknown key ${key}`);
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      operationProblems(op, `${method.toUpperCase()} ${path}`, template, out);
      if (op.operationId !== undefined) {
        if (operationIds.has(op.operationId)) out.push(`operationId ${op.operationId} is not unique`);
        operationIds.add(op.operationId);
      }
    }
  }
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    schemaProblems(schema, `components.schemas.${name}`, out);
  }
  for (const [name, scheme] of Object.entries(doc.components?.securitySchemes ?? {})) {
    if (typeof scheme.type !== 'string') out.push(`components.securitySchemes.${name}: no type`);
  }
  for (const ref of danglingRefs(doc)) out.push(`$ref ${ref} points at nothing`);
  return out;
}
