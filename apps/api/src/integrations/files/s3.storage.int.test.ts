import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  ensureGarageReferenceRows,
  multipart,
  vehiclePayload,
} from '../../features/garage/garage.test-support.ts';
import { startLocalServer, type LocalServer } from '../../test/local-server.ts';
import { sendS3Error } from '../../test/s3-test-server.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { S3Storage } from './s3.storage.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const KEY = 'ab/ab12cd34-0000-4000-8000-000000000001.pdf';

/**
 * A fake S3-compatible store: path-style PUT/GET/DELETE on /{bucket}/{key}, S3's XML errors, and the
 * checks a real store makes on every request (SigV4 credential scope, payload hash).
 */
function fakeS3(objects: Map<string, { body: Buffer; type: string }>, opts: { failGets?: boolean } = {}) {
  return startLocalServer((req, _body, res) => {
    respond(req, res);
  });

  function respond(req: IncomingMessage, res: ServerResponse): unknown {
    const raw = server.requests[server.requests.length - 1]?.raw ?? Buffer.alloc(0);
    const auth = req.headers.authorization ?? '';
    const error = (status: number, code: string) => sendS3Error(res, status, code);
    if (!/^AWS4-HMAC-SHA256 Credential=AKIDTOGO\/\d{8}\/us-east-1\/s3\/aws4_request, /.test(auth)) {
      return error(403, 'InvalidAccessKeyId');
    }
    const hash = req.headers['x-amz-content-sha256'];
    if (hash !== 'UNSIGNED-PAYLOAD' && hash !== createHash('sha256').update(raw).digest('hex')) {
      return error(400, 'XAmzContentSHA256Mismatch');
    }
    const url = new URL(req.url ?? '/', 'http://s3.local');
    const [, bucket, ...rest] = url.pathname.split('/');
    if (bucket !== 'togo-files') return error(404, 'NoSuchBucket');
    const key = decodeURIComponent(rest.join('/'));
    if (req.method === 'PUT') {
      objects.set(key, { body: raw, type: String(req.headers['content-type']) });
      res.writeHead(200, { etag: '"x"' });
      return res.end();
    }
    if (req.method === 'GET') {
      if (opts.failGets) return error(503, 'SlowDown');
      const object = objects.get(key);
      if (!object) return error(404, 'NoSuchKey');
      res.writeHead(200, { 'content-type': object.type, 'content-length': object.body.length });
      return res.end(object.body);
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    return error(405, 'MethodNotAllowed');
  }
}

let server: LocalServer;
const objects = new Map<string, { body: Buffer; type: string }>();
const storage = () =>
  new S3Storage({
    bucket: 'togo-files',
    region: 'us-east-1',
    accessKeyId: 'AKIDTOGO',
    secretAccessKey: 'secreto-de-prueba',
    endpoint: server.url,
    forcePathStyle: true,
  });

beforeAll(async () => {
  server = await fakeS3(objects);
});
afterAll(() => server.close());

describe('S3Storage against a local S3-compatible fake', () => {
  it('puts, gets and deletes an object, path-style and signed', async () => {
    const s3 = storage();
    await s3.put(KEY, PDF, 'application/pdf');
    const put = server.requests.find((r) => r.method === 'PUT');
    expect(new URL(put?.url ?? '', server.url).pathname).toBe(`/togo-files/${KEY}`);
    expect(put?.headers['content-type']).toBe('application/pdf');
    expect(objects.get(KEY)?.body.equals(PDF)).toBe(true);

    expect((await s3.get(KEY))?.equals(PDF)).toBe(true);
    await s3.delete(KEY);
    expect(objects.has(KEY)).toBe(false);
    expect(await s3.get(KEY)).toBeNull();
    // Deleting a missing key is not an error.
    await expect(s3.delete(KEY)).resolves.toBeUndefined();
    s3.close();
  });

  it('refuses keys the app did not generate, before any request', async () => {
    const s3 = storage();
    const before = server.requests.length;
    await expect(s3.put('../etc/passwd', PDF, 'application/pdf')).rejects.toThrow(/invalid storage key/);
    await expect(s3.get('ab/../../x.pdf')).rejects.toThrow(/invalid storage key/);
    expect(server.requests.length).toBe(before);
    s3.close();
  });

  it('reports a wrong credential or a failing store as an error, not as a missing file', async () => {
    const wrong = new S3Storage({
      bucket: 'togo-files',
      region: 'us-east-1',
      accessKeyId: 'OTRA',
      secretAccessKey: 'x',
      endpoint: server.url,
    });
    await expect(wrong.get(KEY)).rejects.toThrow();
    wrong.close();

    const failing = await fakeS3(new Map(), { failGets: true });
    const s3 = new S3Storage({
      bucket: 'togo-files',
      region: 'us-east-1',
      accessKeyId: 'AKIDTOGO',
      secretAccessKey: 'x',
      endpoint: failing.url,
    });
    await expect(s3.get(KEY)).rejects.toThrow();
    s3.close();
    await failing.close();
  });
});

describe('the app with FILE_STORAGE=s3', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        FILE_STORAGE: 's3',
        S3_ENDPOINT: server.url,
        S3_BUCKET: 'togo-files',
        S3_ACCESS_KEY_ID: 'AKIDTOGO',
        S3_SECRET_ACCESS_KEY: 'secreto-de-prueba',
      },
    });
    await ensureGarageReferenceRows(t.database.db);
  });
  afterAll(() => t.close());

  it('stores an uploaded licence in the bucket and serves it back through the signed URL', async () => {
    const user = await createSignedInUser(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/togo/vehicle/',
      headers: user.headers,
      payload: vehiclePayload(),
    });
    const body = multipart(PDF, { filename: 'licencia.pdf', contentType: 'application/pdf' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/togo/vehicle/${created.json().id}/upload_file_to_garage/`,
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { file_url } = res.json() as { file_url: string };
    const id = /files\/([0-9a-f-]{36})/.exec(file_url)?.[1] ?? '';
    expect(objects.get(`${id.slice(0, 2)}/${id}.pdf`)?.body.equals(PDF)).toBe(true);

    const file = await t.app.inject({ method: 'GET', url: file_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });
});
