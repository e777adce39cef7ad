import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadFleetFile } from './upload-fleet.ts';

/** A stand-in XMLHttpRequest the test answers by hand. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const file = () => new File(['PK'], 'flota.xlsx');

describe('uploadFleetFile (XMLHttpRequest)', () => {
  it('posts the file as multipart field `file` with the token and reports the upload progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    localStorage.setItem('token', 'tok-1');
    const progress: number[] = [];
    const pending = uploadFleetFile(file(), (f) => progress.push(f));
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/togo/vehicle/create_vehicle_flota_archivo');
    expect(xhr.headers.Authorization).toBe('Token tok-1');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 50, total: 0 });
    xhr.answer(202, { id: 5, estado: 'en_cola' });
    await expect(pending).resolves.toMatchObject({ id: 5 });
    expect(progress).toEqual([0.25, 1]);
  });

  it('rejects with ApiError carrying the DRF body, status 0 on a network failure, AbortError on abort', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const refused = uploadFleetFile(file(), () => {});
    FakeXhr.last?.answer(400, { file: ['Por favor, selecciona un archivo .xlsx válido.'] });
    await expect(refused).rejects.toMatchObject({
      status: 400,
      body: { file: ['Por favor, selecciona un archivo .xlsx válido.'] },
    });

    const offline = uploadFleetFile(file(), () => {});
    FakeXhr.last?.onerror?.();
    await expect(offline).rejects.toEqual(new ApiError(0, null));

    const controller = new AbortController();
    const aborted = uploadFleetFile(file(), () => {}, controller.signal);
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });
});
