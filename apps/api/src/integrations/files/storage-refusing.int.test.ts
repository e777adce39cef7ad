import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../db/schema.ts';
import {
  createSignedInUser,
  ensureGarageReferenceRows,
  multipart,
  vehiclePayload,
} from '../../features/garage/garage.test-support.ts';
import { startLocalServer, type LocalServer } from '../../test/local-server.ts';
import { sendS3Error } from '../../test/s3-test-server.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { STORAGE_MSG } from './guarded.storage.ts';

/**
 * Issue 40 (decision 128): the file store refusing in the middle of an upload — an S3-compatible store answering its
 * documented errors (403 AccessDenied, 503 SlowDown), and a local disk that cannot be written — answers a Spanish
 * 503 with Retry-After and changes nothing: no stored file row, the vehicle's licence untouched.
 */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

/** A store that refuses every request with S3's XML error `code` and `status`. */
function refusingS3(status: number, code: string): Promise<LocalServer> {
  return startLocalServer((_req, _body, res) => sendS3Error(res, status, code));
}

async function uploadLicence(t: TestContext) {
  await ensureGarageReferenceRows(t.database.db);
  const user = await createSignedInUser(t);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/togo/vehicle/',
    headers: user.headers,
    payload: vehiclePayload(),
  });
  expect(created.statusCode, created.body).toBe(201);
  const body = multipart(PDF, { filename: 'licencia.pdf', contentType: 'application/pdf' });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/togo/vehicle/${created.json().id}/upload_file_to_garage/`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  return { res, vehicleId: Number(created.json().id), user };
}

async function expectNothingStored(t: TestContext, vehicleId: number, headers: Record<string, string>) {
  expect(await t.database.db.select().from(storedFiles)).toEqual([]);
  // The garage lists the vehicle without a licence file.
  const garage = await t.app.inject({ method: 'GET', url: '/api/togo/vehicle/user_garages/', headers });
  expect(garage.statusCode, garage.body).toBe(200);
  expect(garage.body).toContain(`"id":${vehicleId}`);
  expect(garage.body).not.toContain('/files/');
}

describe.each([
  [403, 'AccessDenied'],
  [503, 'SlowDown'],
])('an S3 store answering %i %s', (status, code) => {
  let store: LocalServer;
  let t: TestContext;
  beforeAll(async () => {
    store = await refusingS3(status, code);
    t = await createTestApp({
      env: {
        FILE_STORAGE: 's3',
        S3_ENDPOINT: store.url,
        S3_BUCKET: 'togo-files',
        S3_ACCESS_KEY_ID: 'AKIDTOGO',
        S3_SECRET_ACCESS_KEY: 'secreto-de-prueba',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  it('answers 503 in Spanish with Retry-After, and stores nothing', async () => {
    const { res, vehicleId, user } = await uploadLicence(t);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ detail: STORAGE_MSG.write });
    expect(res.headers['retry-after']).toBe('60');
    expect(store.requests.some((r) => r.method === 'PUT')).toBe(true);
    await expectNothingStored(t, vehicleId, user.headers);
  });
});

describe('a local disk that cannot be written', () => {
  let dataDir: string;
  let t: TestContext;
  beforeAll(async () => {
    // DATA_DIR/files is a file, not a folder: every write fails, as on a full or read-only disk.
    dataDir = await mkdtemp(path.join(tmpdir(), 'togo-full-'));
    await writeFile(path.join(dataDir, 'files'), 'not a folder');
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 in Spanish with Retry-After, and stores nothing', async () => {
    const { res, vehicleId, user } = await uploadLicence(t);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ detail: STORAGE_MSG.write });
    await expectNothingStored(t, vehicleId, user.headers);
  });
});
