import {
  createHttpClient,
  type AnswerSchema,
  type RequestOptions,
  type UploadOptions,
} from './http-client.ts';
import { OFFLINE_HEADER } from './pwa-constants.ts';
import { setPwaStatus } from './pwa-status.ts';
import { endSession, endsSession } from './session-ended.ts';
import { takeEarlyRead } from './early-read.ts';
import { getToken } from './storage.ts';

export {
  ApiError,
  errorDetail,
  fieldErrors,
  isApiError,
  type AnswerSchema,
  type RequestOptions,
} from './http-client.ts';

/**
 * The drivers' app's client (lib/http-client.ts): 'Authorization: Token …' when a driver's token is stored; every
 * answer tells the offline mark whether the service worker served it from its cache because the network failed;
 * a plain GET the entry page already started (app/early-reads.ts) is adopted once; a read refused for its token
 * ends the session (lib/session-ended.ts).
 */
const drivers = createHttpClient({
  authorization: () => {
    const token = getToken();
    return token ? `Token ${token}` : null;
  },
  onResponse: (response, method) => {
    setPwaStatus({ offlineData: response.headers.get(OFFLINE_HEADER) === '1' });
    if (endsSession(response.status, method)) endSession();
  },
  adopt: (path) => takeEarlyRead(path, getToken()),
});

/** The parsed body of a 2xx answer (cast), or an ApiError (status 0 when the network failed). */
export const apiRequest = <T>(path: string, options: RequestOptions = {}): Promise<T> =>
  drivers.request<T>(path, options);

/** Multipart upload of one file (field name given) with the driver's token; parsed with the domain's schema. */
export const apiUploadParse = <T>(
  schema: AnswerSchema<T>,
  path: string,
  field: string,
  file: Blob,
  options: UploadOptions = {},
): Promise<T> => drivers.uploadParse(schema, path, field, file, options);

/** apiRequest whose 2xx answer is parsed with the domain's schema (unknown keys dropped, a malformed answer rejects). */
export const apiParse = <T>(
  schema: AnswerSchema<T>,
  path: string,
  options: RequestOptions = {},
): Promise<T> => drivers.parse(schema, path, options);

/** A file served only with the driver's token, saved under its Content-Disposition name, else `fallbackName`. */
export const downloadWithToken = (path: string, fallbackName: string): Promise<void> =>
  drivers.download(path, fallbackName);

export const apiGet = <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal });
export const apiPost = <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body });
