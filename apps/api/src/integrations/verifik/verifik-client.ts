import { isIsoDate } from '@togo/domain/garage/garage-dates';
import { z } from 'zod';
import { ProviderError } from '../registry/provider-error.ts';
import { MAX_ANSWER_BYTES, readCapped } from '../registry/provider-http.ts';

/**
 * One GET to Verifik (docs.verifik.co; decision 070): 'Authorization: Bearer <token>', 'Accept:
 * application/json', the query parameters, a timeout, the 200 answer validated with zod, and every documented
 * answer mapped to a {@link ProviderError}:
 *
 * | status | documented body                                              | kind                     |
 * | ------ | ------------------------------------------------------------ | ------------------------ |
 * | 404    | `{"code":"NotFound","message":"Record not found."}`          | not_found                |
 * | 409    | `{"code":"MissingParameter","message":"documentType must…"}` | bad_request (bad query)  |
 * | 401    | `{"code":"Unauthorized","message":"Invalid or expired token."}` | unauthorized          |
 * | 500    | `{"code":"InternalServerError","message":"Server error."}`   | unavailable              |
 *
 * Not documented but handled: 403 (named "not charged" by the SLA) → unauthorized; 412/422 (SLA) →
 * bad_request; 429 → rate_limited with its Retry-After; 502/503/504 → unavailable; any other status → an
 * invalid_answer. Nothing unexpected becomes data.
 */
export interface VerifikOptions {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

/** The error body every documented Verifik error answer has. */
const errorBodySchema = z.object({ code: z.string().max(100), message: z.string().max(500) });

function describe(raw: string): string {
  try {
    const body = errorBodySchema.safeParse(JSON.parse(raw));
    if (body.success) return `${body.data.code}: ${body.data.message.replace(/\s+/g, ' ').trim()}`;
  } catch {
    // not JSON: the status alone says it
  }
  return 'no documented error body';
}

function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header.trim());
  return Number.isInteger(seconds) && seconds >= 0 && seconds <= 86_400 ? seconds : undefined;
}

export async function verifikGet<S extends z.ZodType>(
  opts: VerifikOptions,
  name: string,
  request: { path: string; query: Record<string, string> },
  schema: S,
): Promise<z.output<S>> {
  const base = opts.baseUrl.endsWith('/') ? opts.baseUrl : `${opts.baseUrl}/`;
  const url = new URL(request.path.replace(/^\//, ''), base);
  for (const [k, v] of Object.entries(request.query)) url.searchParams.set(k, v);
  let res: Response;
  try {
    res = await (opts.fetchImpl ?? fetch)(url, {
      method: 'GET',
      headers: { accept: 'application/json', authorization: `Bearer ${opts.token}` },
      // A redirect is an unexpected answer, never followed: the token would travel with it.
      redirect: 'manual',
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
  } catch (err) {
    const errName = err instanceof Error ? err.name : '';
    if (errName === 'TimeoutError' || errName === 'AbortError') {
      throw new ProviderError(name, 'timeout', `no answer within ${opts.timeoutMs} ms`);
    }
    throw new ProviderError(
      name,
      'unavailable',
      `request failed: ${err instanceof Error ? err.message : 'unknown'}`,
    );
  }
  let raw: string;
  try {
    raw = await readCapped(res, MAX_ANSWER_BYTES, name);
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    const errName = err instanceof Error ? err.name : '';
    throw new ProviderError(
      name,
      errName === 'TimeoutError' ? 'timeout' : 'unavailable',
      'answer interrupted',
    );
  }
  const status = res.status;
  if (status !== 200) {
    const why = `answered ${status} (${describe(raw)})`;
    if (status === 404) throw new ProviderError(name, 'not_found', why);
    if (status === 401 || status === 403) throw new ProviderError(name, 'unauthorized', why);
    if (status === 409 || status === 412 || status === 422) throw new ProviderError(name, 'bad_request', why);
    if (status === 429) {
      throw new ProviderError(name, 'rate_limited', why, retryAfter(res.headers.get('retry-after')));
    }
    if (status === 500 || status === 502 || status === 503 || status === 504) {
      throw new ProviderError(name, 'unavailable', why);
    }
    throw new ProviderError(name, 'invalid_answer', `unexpected status: ${why}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ProviderError(name, 'invalid_answer', 'answer is not JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || '(root)'} (${i.message})`)
      .join(', ');
    throw new ProviderError(name, 'invalid_answer', `unexpected answer shape at ${where}`);
  }
  return parsed.data;
}

/**
 * Refuses a query Verifik documents as invalid before spending a call: a document type outside the
 * endpoint's allowed list, or a number with anything but letters and digits ("without spaces or periods").
 */
export function checkOwnerDocument(
  name: string,
  allowed: readonly string[],
  query: { tipoDocumento: string; documento: string },
): void {
  if (!allowed.includes(query.tipoDocumento)) {
    throw new ProviderError(
      name,
      'bad_request',
      `document type ${query.tipoDocumento} is not accepted (allowed: ${allowed.join(', ')})`,
    );
  }
  if (!/^[A-Za-z0-9]{1,20}$/.test(query.documento)) {
    throw new ProviderError(name, 'bad_request', 'document number must be 1–20 letters or digits');
  }
}

/** 'DD/MM/YYYY' (optionally followed by ' HH:MM:SS', as SIMIT writes fechaComparendo) → 'YYYY-MM-DD'. */
export const verifikDate = () =>
  z
    .string()
    .trim()
    .regex(/^\d{2}\/\d{2}\/\d{4}( \d{2}:\d{2}:\d{2})?$/, 'expected DD/MM/YYYY')
    .transform((v) => `${v.slice(6, 10)}-${v.slice(3, 5)}-${v.slice(0, 2)}`)
    .refine(isIsoDate, 'not a calendar date');

/** A required text field, trimmed, 1–200 characters. */
export const verifikText = (max = 200) => z.string().trim().min(1).max(max);

/** Upper case without accents: 'Público' → 'PUBLICO'. */
export function foldUpper(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toUpperCase();
}
