import { afterAll, beforeAll, expect } from 'vitest';
import {
  FLEET_PATHS,
  fleetUploadStatusSchema,
  type FleetUploadStatus,
} from '@togo/domain/fleet/fleet.contract';
import { GROUP_CLIENT } from '@togo/domain/roles';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { createCompanyUser, uploadFleetFile } from './fleet.test-support.ts';

/**
 * One fleet upload test file's world: a test app, two companies and a client, and the upload/status requests
 * (fleet.int and fleet-upload-refusals.int).
 */
export function fleetUploadWorld() {
  const world = {} as { t: TestContext; company: TestUser; other: TestUser; client: TestUser };
  beforeAll(async () => {
    world.t = await createTestApp();
    world.company = await createCompanyUser(world.t);
    world.other = await createCompanyUser(world.t);
    world.client = await createCompanyUser(world.t, GROUP_CLIENT);
  });
  afterAll(async () => {
    await world.t.close();
  });
  const upload = (user: TestUser, bytes: Buffer, filename?: string) =>
    uploadFleetFile(world.t, user, bytes, filename);
  const get = (user: TestUser | null, url: string) =>
    world.t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
  async function status(user: TestUser, id: number): Promise<FleetUploadStatus> {
    const res = await get(user, FLEET_PATHS.uploadStatus(id));
    expect(res.statusCode).toBe(200);
    return fleetUploadStatusSchema.parse(res.json());
  }
  return { world, upload, get, status };
}
