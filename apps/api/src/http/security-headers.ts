import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The app's pages: its own scripts plus Google and Facebook sign-in (decision 003). */
const PAGE_CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'", 'https://accounts.google.com', 'https://connect.facebook.net'],
  'style-src': ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'https://accounts.google.com', 'https://graph.facebook.com'],
  'frame-src': ["'self'", 'https:'],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/** API answers are never rendered: nothing may load, nothing may frame them. */
const API_CSP_DIRECTIVES = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };

/**
 * Runs a helmet middleware once against a recording response and answers the headers it set (lower-cased),
 * so helmet decides the policy and the request path only copies a constant object (decision 035).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return res;
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

function policy(directives: Record<string, string[]>, hsts: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: hsts ? { maxAge: 31_536_000, includeSubDomains: true, preload: false } : false,
    xFrameOptions: { action: 'sameorigin' },
  };
}

/**
 * Security headers from helmet (the library behind @fastify/helmet), computed once at start-up: the plugin
 * builds helmet's middleware on every request, which cost the API's hot reads most of their speed (decision 004).
 * API responses get a `default-src 'none'` CSP, pages the app's CSP (with the hashes of the build's inline
 * scripts, `scriptHashes`).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { hsts: boolean; scriptHashes?: readonly string[] },
): void {
  // Not a helmet header: the browser features the app uses (location for the map, payments).
  const permissions = {
    'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=(self)',
  };
  // The entry pages' inline boot script, allowed by its hash (inline-scripts.ts), never by 'unsafe-inline'.
  const pageDirectives = {
    ...PAGE_CSP_DIRECTIVES,
    'script-src': [...PAGE_CSP_DIRECTIVES['script-src'], ...(opts.scriptHashes ?? [])],
  };
  const page = { ...helmetHeaders(policy(pageDirectives, opts.hsts)), ...permissions };
  const api = { ...helmetHeaders(policy(API_CSP_DIRECTIVES, opts.hsts)), ...permissions };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : page);
    done();
  });
}
