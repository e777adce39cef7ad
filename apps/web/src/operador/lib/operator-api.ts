import type { z } from 'zod';
import { takeEarlyRead } from '../../lib/early-read.ts';
import { createHttpClient } from '../../lib/http-client.ts';

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

/**
 * The console's client (lib/http-client.ts, as the drivers' app): the staff token in `Authorization: Token <t>`,
 * a 401 forgets it so the shell returns to the sign-in screen, and a read the entry started is adopted once.
 */
const staff = createHttpClient({
  authorization: () => {
    const token = getOperatorToken();
    return token ? `Token ${token}` : null;
  },
  onResponse: (response) => {
    if (response.status === 401) setOperatorToken(null);
  },
  // The reads the console's entry started with the screen's chunk (shell/early-reads.ts), adopted once.
  adopt: (path) => takeEarlyRead(path, getOperatorToken()),
});

export interface OperatorRequest<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** The domain schema of a 2xx answer; without one the answer is returned as `unknown`. */
  schema?: S;
  signal?: AbortSignal;
  /** The version the edited object was read at, sent as `If-Match: "<version>"` (decision 096). */
  ifMatch?: number;
}

export async function operatorRequest<S extends z.ZodType | undefined = undefined>(
  path: string,
  { schema, ifMatch, ...options }: OperatorRequest<S> = {},
): Promise<S extends z.ZodType ? z.infer<S> : unknown> {
  const headers = ifMatch === undefined ? undefined : { 'If-Match': `"${ifMatch}"` };
  const body = await staff.request<unknown>(path, { ...options, ...(headers ? { headers } : {}) });
  return (schema ? schema.parse(body) : body) as S extends z.ZodType ? z.infer<S> : unknown;
}

/** Multipart upload (banner images…) with the staff token; parsed with the domain's schema. */
export const operatorUpload = <S extends z.ZodType>(
  path: string,
  field: string,
  file: Blob,
  schema: S,
): Promise<z.infer<S>> => staff.uploadParse(schema, path, field, file);

/** A file answer (.xlsx, .json export) with the staff token, saved under its Content-Disposition name, else `filename`. */
export const operatorDownload = (path: string, filename: string): Promise<void> =>
  staff.download(path, filename);
