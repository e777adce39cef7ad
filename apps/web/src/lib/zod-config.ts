/**
 * Zod compiles object parsers with `new Function` unless told not to, and its probe for that (an `eval`) is
 * reported as a Content-Security-Policy violation: our CSP has no 'unsafe-eval' (Lighthouse best practices,
 * docs/decisions/025). Zod keeps its configuration in `globalThis.__zod_globalConfig` and reuses an object
 * already there, so setting it here — imported first by app/main.tsx — holds for every chunk that loads zod
 * later, without bringing zod (≈ 4 KB gzipped of its core for `z.config`) into the entry chunk.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// Mutated in place: a zod already loaded keeps a reference to this very object.
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
