import type { z } from 'zod';
import { ApiError } from '../../lib/api-client.ts';

/**
 * The operator console's HTTP client. Staff tokens are kept apart from drivers' tokens (sessionStorage,
 * own key), go in `Authorization: Token <t>`, and every answer is parsed with the domain's zod schema
 * instead of being cast. A 401 forgets the token so the shell returns to the sign-in screen.
 */
const TOKEN_KEY = 'togo.operador.token';

/** Used only when sessionStorage is unavailable: the session then lasts as long as the page. */
let memoryToken: string | null = null;

export function getOperatorToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return memoryToken;
  }
}

const tokenListeners = new Set<() => void>();

export function setOperatorToken(token: string | null): void {
  const changed = getOperatorToken() !== token;
  memoryToken = token;
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    /* storage unavailable: the session lasts as long as the page */
  }
  if (changed) for (const listener of tokenListeners) listener();
}

/** Called whenever the token is set or forgotten (a 401 anywhere sends the shell back to sign-in). */
export function subscribeOperatorToken(listener: () => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OperatorRequest<S extends z.ZodType | undefined> {
  method?: Method;
  body?: unknown;
  /** The domain schema of a 2xx answer; without one the answer is returned as `unknown`. */
  schema?: S;
  signal?: AbortSignal;
}

async function readBody(response: Response): Promise<unknown> {
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

function authHeaders(): Record<string, string> {
  const token = getOperatorToken();
  return token ? { Authorization: `Token ${token}` } : {};
}

async function send(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, null);
  }
  if (response.status === 401) setOperatorToken(null);
  return response;
}

export async function operatorRequest<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: OperatorRequest<S> = {},
): Promise<S extends z.ZodType ? z.infer<S> : unknown> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders() };
  const init: RequestInit = { method: options.method ?? 'GET', headers, signal: options.signal };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const response = await send(path, init);
  const body = await readBody(response);
  if (!response.ok) {
    const retry = Number(response.headers.get('retry-after'));
    throw new ApiError(response.status, body, Number.isFinite(retry) && retry > 0 ? retry : null);
  }
  return (options.schema ? options.schema.parse(body) : body) as S extends z.ZodType ? z.infer<S> : unknown;
}

/** Multipart upload (banner images…) with the staff token; parsed like operatorRequest. */
export async function operatorUpload<S extends z.ZodType>(
  path: string,
  field: string,
  file: Blob,
  schema: S,
): Promise<z.infer<S>> {
  const form = new FormData();
  form.append(field, file, file instanceof File ? file.name : 'archivo');
  const response = await send(path, {
    method: 'POST',
    headers: { Accept: 'application/json', ...authHeaders() },
    body: form,
  });
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body, null);
  return schema.parse(body);
}

/** Downloads a file answer (.xlsx, .json export) with the staff token and saves it under `filename`. */
export async function operatorDownload(path: string, filename: string): Promise<void> {
  const response = await send(path, { headers: authHeaders() });
  if (!response.ok) throw new ApiError(response.status, await readBody(response), null);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
