/**
 * The one HTTP client of the drivers' app and the operator console: JSON in and out, one body reader, one
 * Retry-After parser, one error type for the screens. What differs between the two apps is given to
 * createHttpClient: the Authorization header of the session on the page (a driver's `Token …`, a staff member's
 * own token), what to do with every answer (the drivers' offline mark, the console's 401), and the drivers' early
 * reads. This module imports no zod (it is part of the entry chunk): answers are parsed with a structural schema.
 */

/** The one error type of the web app's HTTP calls. status 0 means the request never got an answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** Seconds to wait before asking again (Retry-After of a 429 or 503), when the answer says. */
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

/**
 * Retry-After (RFC 9110 §10.2.3) in whole seconds from `now`: delay-seconds ('120') or an HTTP-date ('Wed, 21 Oct
 * 2026 07:28:00 GMT', 0 once past); null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text);
  if (!/[A-Za-z]/.test(text)) return null;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** An answer's body: parsed JSON when it says JSON (the text when that fails), text otherwise, undefined when empty. */
export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * What parses an answer: a zod schema of packages/domain, typed structurally so that this module imports no zod;
 * the schema, and zod with it, come with the lazy chunk that calls.
 */
export interface AnswerSchema<T> {
  parse(data: unknown): T;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT' | 'PATCH';
  /** The part's file name; a File's own name, else 'archivo'. */
  filename?: string;
}

export interface HttpClientOptions {
  /** The Authorization header's value for the session on this page, or null without one. */
  authorization: () => string | null;
  /** Sees every answer before it is read, with its request's method (the drivers' offline mark, the 401s). */
  onResponse?: (response: Response, method: string) => void;
  /** An answer already on its way for a plain GET of `path` (the drivers' early reads), else null. */
  adopt?: (path: string) => Promise<Response> | null;
}

export interface HttpClient {
  /** The parsed body of a 2xx answer (cast), or an ApiError (status 0 when the network failed). */
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  /** request whose 2xx answer is parsed with the domain's schema (unknown keys dropped, a malformed answer rejects). */
  parse<T>(schema: AnswerSchema<T>, path: string, options?: RequestOptions): Promise<T>;
  /** Multipart upload of one file under `field`; the browser sets the boundary. */
  upload<T = unknown>(path: string, field: string, file: Blob, options?: UploadOptions): Promise<T>;
  /** upload whose 2xx answer is parsed with the domain's schema. */
  uploadParse<T>(
    schema: AnswerSchema<T>,
    path: string,
    field: string,
    file: Blob,
    options?: UploadOptions,
  ): Promise<T>;
  /**
   * A file the API serves only with the Authorization header (a plain link cannot send it), saved under the name
   * of its Content-Disposition, else `fallbackName`.
   */
  download(path: string, fallbackName: string): Promise<void>;
}

/** The file name of a Content-Disposition header (filename* first), if any. */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? null;
}

/** How long a saved file's object URL lives: the browser must have started the download by then. */
const OBJECT_URL_LIFETIME_MS = 10_000;

function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

export function createHttpClient({ authorization, onResponse, adopt }: HttpClientOptions): HttpClient {
  const headersFor = (extra?: Record<string, string>, accept = 'application/json') => {
    const headers: Record<string, string> = { Accept: accept, ...extra };
    const auth = authorization();
    if (auth) headers.Authorization = auth;
    return headers;
  };

  async function send(path: string, init: RequestInit, early: Promise<Response> | null = null) {
    let response: Response;
    try {
      response = await (early ?? fetch(path, init));
    } catch (cause) {
      // An abort is the caller's, not a failure (its DOMException may come from another realm: read its name).
      if (init.signal?.aborted || (cause as { name?: unknown } | null)?.name === 'AbortError') throw cause;
      throw new ApiError(0, null);
    }
    onResponse?.(response, (init.method ?? 'GET').toUpperCase());
    return response;
  }

  async function failure(response: Response): Promise<ApiError> {
    const body = await readBody(response);
    return new ApiError(response.status, body, parseRetryAfter(response.headers.get('retry-after')));
  }

  async function finish<T>(response: Response): Promise<T> {
    if (!response.ok) throw await failure(response);
    return (await readBody(response)) as T;
  }

  const client: HttpClient = {
    async request<T>(path: string, options: RequestOptions = {}) {
      const headers = headersFor(options.headers);
      const init: RequestInit = { method: options.method ?? 'GET', headers, signal: options.signal };
      if (options.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(options.body);
      }
      const plainGet = init.method === 'GET' && options.body === undefined && options.headers === undefined;
      const early = plainGet && adopt ? adopt(path) : null;
      return finish<T>(await send(path, init, early));
    },
    async parse<T>(schema: AnswerSchema<T>, path: string, options?: RequestOptions) {
      return schema.parse(await client.request<unknown>(path, options));
    },
    async upload<T>(path: string, field: string, file: Blob, options: UploadOptions = {}) {
      const form = new FormData();
      form.append(field, file, options.filename ?? (file instanceof File ? file.name : 'archivo'));
      const response = await send(path, {
        method: options.method ?? 'POST',
        headers: headersFor(),
        body: form,
      });
      return finish<T>(response);
    },
    async uploadParse<T>(
      schema: AnswerSchema<T>,
      path: string,
      field: string,
      file: Blob,
      options?: UploadOptions,
    ) {
      return schema.parse(await client.upload<unknown>(path, field, file, options));
    },
    async download(path: string, fallbackName: string) {
      const response = await send(path, { headers: headersFor(undefined, '*/*') });
      if (!response.ok) throw await failure(response);
      const name = dispositionName(response.headers.get('content-disposition')) ?? fallbackName;
      saveBlob(await response.blob(), name);
    },
  };
  return client;
}

/** Reads `{ detail: "…" }` from an error body. */
export function errorDetail(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const body = error.body;
  if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') {
    return body.detail;
  }
  return null;
}

/** Reads the messages of one field (`{ campo: ["…"] }`) from an error body. */
export function fieldErrors(error: unknown, field: string): string[] {
  if (!isApiError(error)) return [];
  const body = error.body;
  if (!body || typeof body !== 'object') return [];
  const value = (body as Record<string, unknown>)[field];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
