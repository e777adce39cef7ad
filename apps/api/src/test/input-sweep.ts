import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/**
 * Test support for the input sweep (decision 018): the app's routes as Fastify lists them, and request bodies and
 * query strings built from the wire contracts with a chosen value in every field.
 */

export interface AppRoute {
  method: string;
  /** With Fastify's ':name' parameters. */
  url: string;
}

/** Every route of the app, from Fastify's own route tree (HEAD, the static catch-all and OPTIONS left out). */
export function listRoutes(app: FastifyInstance): AppRoute[] {
  const lines = app.printRoutes({ commonPrefix: false }).split('\n');
  const stack: string[] = [];
  const routes: AppRoute[] = [];
  for (const line of lines) {
    const at = line.search(/[├└]── /);
    if (at < 0) continue;
    const depth = at / 4;
    const rest = line.slice(at + 4);
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(rest);
    if (!match) continue;
    const segment = match[1] ?? '';
    stack.length = depth;
    stack.push(segment);
    const url = stack.join('');
    for (const method of (match[2] ?? '').split(',').map((m) => m.trim())) {
      if (!method || method === 'HEAD' || method === 'OPTIONS' || url.includes('*')) continue;
      routes.push({ method, url });
    }
  }
  return routes;
}

/** The route's path with every ':param' replaced by `value` (URL-encoded). */
export function fillParams(url: string, value: string): string {
  return url.replace(/:[A-Za-z_]+/g, encodeURIComponent(value));
}

export interface Leaves {
  /** Text fields, and fields that accept anything (z.unknown()). */
  text: unknown;
  /** Number fields. */
  number: unknown;
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  valueType?: z.ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * A value for `schema` with `leaves` in every field it reads: objects get every key (of every union member),
 * arrays one element, enums and literals their first value (so discriminated unions still match).
 */
export function sampleOf(schema: z.ZodType, leaves: Leaves): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) out[key] = sampleOf(field, leaves);
      return out;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'nonoptional':
    case 'readonly':
      return sampleOf(def.innerType as z.ZodType, leaves);
    case 'pipe':
      // z.preprocess is a pipe from a transform: the schema that reads the value is its output.
      return sampleOf(
        (defOf(def.in as z.ZodType).type === 'transform' ? def.out : def.in) as z.ZodType,
        leaves,
      );
    case 'union':
      return mergeSamples((def.options ?? []).map((o) => sampleOf(o, leaves)));
    case 'array':
      return [sampleOf(def.element as z.ZodType, leaves)];
    case 'record':
      return { clave: sampleOf(def.valueType as z.ZodType, leaves) };
    case 'literal':
      return def.values?.[0];
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'number':
    case 'int':
    case 'bigint':
      return leaves.number;
    default:
      return leaves.text;
  }
}

/** Deep merge: objects key by key, the first non-object value of a key kept. */
export function mergeSamples(values: unknown[]): unknown {
  const objects = values.filter(
    (v): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v),
  );
  if (!objects.length) return values[0];
  const keys = new Set(objects.flatMap((o) => Object.keys(o)));
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = mergeSamples(objects.map((o) => o[key]).filter((v) => v !== undefined));
  return out;
}

/** A query string of every top-level key of `sample` (objects and arrays left out). */
export function queryString(sample: unknown): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((sample ?? {}) as Record<string, unknown>)) {
    if (value === null || typeof value === 'object') continue;
    params.set(key, String(value));
  }
  return params.toString();
}

/** Every leaf of a JSON value with its path (for per-field mutations of a valid payload). */
export function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leafPaths(v, [...path, i]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...path, k]));
  return [path];
}

/** A deep copy of `value` with the leaf at `path` set to `leaf`. */
export function withLeaf<T>(value: T, path: (string | number)[], leaf: unknown): T {
  const copy = structuredClone(value) as unknown as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1] as string | number] = leaf;
  return copy as unknown as T;
}

/** The field errors at `path` of a DRF body ({"a": {"b": ["…"]}}), or undefined. */
export function errorsAt(body: unknown, path: (string | number)[]): unknown {
  let node = body;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[String(key)];
  return node;
}
