import type { z } from 'zod';
import { ProviderError } from './provider-error.ts';

export interface HttpProviderOptions {
  /** Provider name recorded with every snapshot, e.g. 'http'. */
  name: string;
  baseUrl: string;
  apiKey?: string | undefined;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

/** Largest answer accepted from a provider (a fines list is the biggest; 2 MB is far above it). */
export const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/**
 * One JSON call to a configured provider: 'Authorization: Bearer <key>', a timeout, the answer validated
 * with its zod schema, and every failure mapped to a {@link ProviderError}.
 */
export async function callJsonProvider<S extends z.ZodType>(
  opts: HttpProviderOptions,
  request: { method: 'GET' | 'POST'; path: string; query?: Record<string, string>; body?: unknown },
  schema: S,
): Promise<z.output<S>> {
  const base = opts.baseUrl.endsWith('/') ? opts.baseUrl : `${opts.baseUrl}/`;
  const url = new URL(request.path.replace(/^\//, ''), base);
  for (const [k, v] of Object.entries(request.query ?? {})) url.searchParams.set(k, v);
  let res: Response;
  try {
    res = await (opts.fetchImpl ?? fetch)(url, {
      method: request.method,
      headers: {
        accept: 'application/json',
        ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
      },
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new ProviderError(opts.name, 'timeout', `no answer within ${opts.timeoutMs} ms`);
    }
    throw new ProviderError(
      opts.name,
      'unavailable',
      `request failed: ${err instanceof Error ? err.message : 'unknown'}`,
    );
  }
  let raw: string;
  try {
    raw = await readCapped(res, MAX_ANSWER_BYTES, opts.name);
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    const name = err instanceof Error ? err.name : '';
    throw new ProviderError(
      opts.name,
      name === 'TimeoutError' ? 'timeout' : 'unavailable',
      'answer interrupted',
    );
  }
  if (res.status === 404) throw new ProviderError(opts.name, 'not_found', 'not found (404)');
  if (res.status === 401 || res.status === 403) {
    throw new ProviderError(opts.name, 'unauthorized', `credentials rejected (${res.status})`);
  }
  if (res.status === 408 || res.status === 429 || res.status >= 500) {
    throw new ProviderError(opts.name, 'unavailable', `answered ${res.status}`);
  }
  if (res.status >= 400) throw new ProviderError(opts.name, 'bad_request', `answered ${res.status}`);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ProviderError(opts.name, 'invalid_answer', 'answer is not JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues
      .slice(0, 3)
      .map((i) => i.path.join('.') || '(root)')
      .join(', ');
    throw new ProviderError(opts.name, 'invalid_answer', `unexpected answer shape at ${where}`);
  }
  return parsed.data;
}

/** The body as text, refusing to buffer more than `max` bytes. */
export async function readCapped(res: Response, max: number, provider: string): Promise<string> {
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new ProviderError(provider, 'invalid_answer', 'answer too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
