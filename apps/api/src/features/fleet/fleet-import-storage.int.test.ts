import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FLEET_MSG,
  FLEET_PATHS,
  fleetUploadStatusSchema,
  type FleetUploadStatus,
} from '@togo/domain/fleet/fleet.contract';
import type { FileStorage } from '../../integrations/files/file-storage.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { FLEET_IMPORT_JOB } from './fleet.service.ts';
import { buildFleetXlsx, createCompanyUser, goodRow, uploadFleetFile } from './fleet.test-support.ts';

/**
 * A fleet upload whose stored file is gone when its import runs (before shared storage, another instance's
 * local disk): the upload fails with a reason the company sees in 'Estado de carga', and can be sent again.
 */
class MemoryStorage implements FileStorage {
  readonly name = 'memory';
  readonly objects = new Map<string, Buffer>();
  async put(key: string, bytes: Buffer): Promise<void> {
    this.objects.set(key, bytes);
  }
  async get(key: string): Promise<Buffer | null> {
    return this.objects.get(key) ?? null;
  }
  async delete(key: string): Promise<void> {
    this.objects.delete(key);
  }
}

const storage = new MemoryStorage();
let t: TestContext;
let company: TestUser;

beforeAll(async () => {
  t = await createTestApp({ providers: { fileStorage: storage } });
  company = await createCompanyUser(t);
});
afterAll(async () => {
  await t?.close();
});

async function status(url: string): Promise<FleetUploadStatus> {
  const res = await t.app.inject({ method: 'GET', url, headers: company.headers });
  expect(res.statusCode, res.body).toBe(200);
  return fleetUploadStatusSchema.parse(res.json());
}

describe('a fleet import whose stored file is missing', () => {
  it("fails with a Spanish reason shown in 'Estado de carga', and the same file can be uploaded again", async () => {
    const bytes = await buildFleetXlsx([goodRow(1), goodRow(2)]);
    const first = await uploadFleetFile(t, company, bytes);
    expect(first.statusCode, first.body).toBe(202);
    const id = fleetUploadStatusSchema.parse(first.json()).id;
    expect(storage.objects.size).toBe(1);
    storage.objects.clear();

    await t.jobs.drain();
    const [job] = t.jobs.byName(FLEET_IMPORT_JOB);
    // Not retried: the file will not come back by itself.
    expect(job).toMatchObject({ state: 'completed', attempts: 1 });
    const failed = await status(FLEET_PATHS.uploadStatus(id));
    expect(failed).toMatchObject({
      estado: 'fallido',
      mensaje: FLEET_MSG.fileMissing,
      vehiculos_agregados: 0,
    });
    expect(failed.finished).not.toBeNull();
    expect(await status(FLEET_PATHS.latestUpload)).toMatchObject({ id, estado: 'fallido' });

    const again = await uploadFleetFile(t, company, bytes);
    expect(again.statusCode, again.body).toBe(202);
    const retry = fleetUploadStatusSchema.parse(again.json());
    expect(retry).toMatchObject({ repetido: false, estado: 'en_cola' });
    expect(retry.id).not.toBe(id);
    await t.jobs.drain();
    expect(await status(FLEET_PATHS.uploadStatus(retry.id))).toMatchObject({
      estado: 'terminado',
      vehiculos_agregados: 2,
      mensaje: null,
    });
  });
});
