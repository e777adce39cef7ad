import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * Objects and arrays nested deeper than this are refused (issue 35, finding 3; decision 066). No contract of the
 * API nests more than a handful of levels; 32 leaves room for any vendor webhook while keeping every walk over a
 * body (NUL guard, zod) short.
 */
export const MAX_JSON_DEPTH = 32;
export const JSON_DEPTH_MSG = 'El cuerpo de la solicitud tiene demasiados niveles anidados.';

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * True when the JSON text opens more than `max` objects/arrays inside each other. One pass over the text, no
 * recursion and no allocation: brackets inside strings (escapes included) are not counted. It does not validate
 * the JSON; the parser that runs after it does.
 */
export function exceedsJsonDepth(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return false;
}

/** The 400 of a body nested too deeply. */
export const tooDeep = () => AppError.badRequest(JSON_DEPTH_MSG);

/** JSON.parse of a raw body (webhooks that keep it for their signature), refusing deep nesting first. */
export function parseJsonLimited(text: string): unknown {
  if (exceedsJsonDepth(text)) throw tooDeep();
  return JSON.parse(text) as unknown;
}

/**
 * Replaces Fastify's application/json parser with the same parser (secure-json-parse, prototype poisoning
 * refused) behind the depth check: a too-deep body is a 400 before it is parsed or walked by anything.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseDefault = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (exceedsJsonDepth(text)) {
      done(tooDeep(), undefined);
      return;
    }
    void parseDefault(req, text, done);
  });
}
