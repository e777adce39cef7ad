/**
 * Reads a page starts before its app asks for them (app/early-reads.ts: the drivers' pages' inline script;
 * operador/lib/early-reads.ts: the console's entry), left in `window.__togoEarlyReads` and adopted once by the
 * HTTP clients (lib/api-client.ts, operador/lib/operator-api.ts) when they ask for the same path with the same
 * session (decisions 054, 134). No imports: the drivers' pages inline it.
 */

/** An early read older than this is never adopted (it started before the app asked: a refetch wants news). */
export const EARLY_READ_MAX_AGE_MS = 10_000;

/** A GET an entry page started before the app's entry ran (app/early-reads.ts), keyed by path. */
export interface EarlyRead {
  token: string;
  response: Promise<Response>;
  /** performance.now() when it started: adopted only while fresh (EARLY_READ_MAX_AGE_MS). */
  at: number;
}

export type EarlyReads = Record<string, EarlyRead>;

/** Where app/early-reads.ts leaves its reads: `window.__togoEarlyReads` (globalThis: also read at prerender). */
export type EarlyReadsHolder = { __togoEarlyReads?: EarlyReads };

const earlyReads = () => (globalThis as EarlyReadsHolder).__togoEarlyReads;

/** Whether the page started reads the app has not adopted yet (main.tsx then waits for them). */
export function hasEarlyReads(): boolean {
  return Object.keys(earlyReads() ?? {}).length > 0;
}

/**
 * A GET the entry page already started (app/early-reads.ts: the home's first reads), adopted once, with the
 * same session and while fresh; later reads of the path go to the network as usual.
 */
export function takeEarlyRead(path: string, token: string | null): Promise<Response> | null {
  const reads = earlyReads();
  const read = reads?.[path];
  if (!reads || !read) return null;
  delete reads[path];
  const fresh = performance.now() - read.at < EARLY_READ_MAX_AGE_MS;
  return read.token === token && fresh ? read.response : null;
}

/** The reads, with the headers apiRequest sends; none without a session (the guard sends the visitor away). */
export function startEarlyReads(
  paths: readonly string[],
  token: string | null,
  fetchFn: typeof fetch,
  at: number = performance.now(),
): EarlyReads {
  const reads: EarlyReads = {};
  if (!token) return reads;
  for (const path of paths) {
    const response = fetchFn(path, {
      headers: { Accept: 'application/json', Authorization: `Token ${token}` },
    });
    // Adopted later or never: an unhandled rejection here would only be noise.
    response.catch(() => undefined);
    reads[path] = { token, response, at };
  }
  return reads;
}
