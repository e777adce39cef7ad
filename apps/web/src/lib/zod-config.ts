/**
 * Zod compiles object parsers with `new Function` unless told not to, and its probe for that (an `eval`) is
 * reported as a Content-Security-Policy violation: our CSP has no 'unsafe-eval' (Lighthouse best practices,
 * docs/decisions/025). Zod keeps its configuration in `globalThis.__zod_globalConfig` and reuses an object
 * already there, so setting it here — imported first by app/main.tsx — holds for every chunk that loads zod
 * later, without bringing zod (≈ 4 KB gzipped of its core for `z.config`) into the entry chunk.
 */
import { spanishIssueMessage } from '@togo/domain/zod-spanish';

const holder = globalThis as {
  __zod_globalConfig?: { jitless?: boolean; customError?: typeof spanishIssueMessage };
};
// Mutated in place: a zod already loaded keeps a reference to this very object.
const config = (holder.__zod_globalConfig ??= {});
config.jitless = true;
// Plain Spanish for every check without a message of its own (issue 38), as the API answers them.
config.customError = spanishIssueMessage;
