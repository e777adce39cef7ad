import { OFFLINE_HEADER } from './pwa-constants.ts';
import { setPwaStatus } from './pwa-status.ts';
import { getToken } from './storage.ts';

/** The one error type of the web app's HTTP calls. status 0 means the request never got an answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** Seconds from the Retry-After header (429), when present. */
  readonly retryAfter: number | null;

  constructor(status: number, body: unknown, retryAfter: number | null = null) {
    super(`HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Parsed body of a 2xx answer, or an ApiError. */
async function finish<T>(response: Response): Promise<T> {
  // The service worker marks answers it served from its cache because the network failed.
  setPwaStatus({ offlineData: response.headers.get(OFFLINE_HEADER) === '1' });
  const body = await readBody(response);
  if (!response.ok) {
    throw new ApiError(response.status, body, parseRetryAfter(response.headers.get('retry-after')));
  }
  return body as T;
}

/**
 * fetch wrapper for same-origin API calls: JSON in and out, 'Authorization: Token …' when a token is
 * stored. Resolves with the parsed body; rejects with an ApiError for non-2xx answers and network failures.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Token ${token}`;
  const init: RequestInit = { method: options.method ?? 'GET', headers, signal: options.signal };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  const plainGet = init.method === 'GET' && options.body === undefined && options.headers === undefined;
  const early = plainGet ? takeEarlyRead(path, token) : null;
  let response: Response;
  try {
    response = await (early ?? fetch(path, init));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, null);
  }
  return finish<T>(response);
}

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
function takeEarlyRead(path: string, token: string | null): Promise<Response> | null {
  const reads = earlyReads();
  const read = reads?.[path];
  if (!reads || !read) return null;
  delete reads[path];
  const fresh = performance.now() - read.at < EARLY_READ_MAX_AGE_MS;
  return read.token === token && fresh ? read.response : null;
}

/**
 * Multipart upload of one file (field name given) with the same token header and the same ApiError as
 * apiRequest; the browser sets the multipart boundary.
 */
export async function apiUpload<T>(
  path: string,
  field: string,
  file: Blob,
  options: { method?: 'POST' | 'PUT' | 'PATCH'; filename?: string } = {},
): Promise<T> {
  const form = new FormData();
  form.append(field, file, options.filename ?? (file instanceof File ? file.name : 'archivo'));
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Token ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { method: options.method ?? 'POST', headers, body: form });
  } catch {
    throw new ApiError(0, null);
  }
  return finish<T>(response);
}

/**
 * What parses an answer: a zod schema of packages/domain, typed structurally so that this module (part of
 * the entry chunk) imports no zod; the schema, and zod with it, come with the lazy chunk that calls.
 */
export interface AnswerSchema<T> {
  parse(data: unknown): T;
}

/**
 * apiRequest whose 2xx answer is parsed with the domain's schema instead of cast (unknown keys dropped, a
 * malformed answer rejects with zod's error, as the operator console's client does).
 */
export async function apiParse<T>(
  schema: AnswerSchema<T>,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  return schema.parse(await apiRequest<unknown>(path, options));
}

/** apiUpload whose 2xx answer is parsed with the domain's schema. */
export async function apiUploadParse<T>(
  schema: AnswerSchema<T>,
  path: string,
  field: string,
  file: Blob,
  options: { method?: 'POST' | 'PUT' | 'PATCH'; filename?: string } = {},
): Promise<T> {
  return schema.parse(await apiUpload<unknown>(path, field, file, options));
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal });
export const apiPost = <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body });
export const apiPatch = <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body });

/** Reads `{ detail: "…" }` from an error body. */
export function errorDetail(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const body = error.body;
  if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') {
    return body.detail;
  }
  return null;
}

/** Reads the messages of one DRF field (`{ campo: ["…"] }`) from an error body. */
export function fieldErrors(error: unknown, field: string): string[] {
  if (!isApiError(error)) return [];
  const body = error.body;
  if (!body || typeof body !== 'object') return [];
  const value = (body as Record<string, unknown>)[field];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
