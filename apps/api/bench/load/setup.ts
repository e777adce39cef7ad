/**
 * The world of bench:load: a scratch PostgreSQL database, an S3-compatible server (s3rver), two API processes
 * (A and B, started together as behind a load balancer) and the users the scenarios act as — drivers with one
 * selected vehicle each, fleet companies and one staff member of the operator console (TOTP sign-in through the
 * API). Every resource registers its release in `cleanups`, which the entry runs in reverse in its `finally`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPostgres, type Database } from '../../src/db/client.ts';
import { createCompanyUser } from '../../src/features/fleet/fleet.test-support.ts';
import { insertVehicles } from '../../src/features/garage/garage-refresh.test-support.ts';
import { createSignedInUser, type TestUser } from '../../src/features/garage/garage.test-support.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { startApiProcess, type ApiProcess } from '../../src/test/api-process.ts';
import { startS3TestServer } from '../../src/test/s3-test-server.ts';
import { createScratchPostgres } from '../../src/test/test-db.ts';
import { benchStaffToken } from '../staff-session.ts';

export const BRANCH = 'TRA-BOG-01';
/** The most seats a slot may have (booking_branches_capacity_ck). */
export const BRANCH_CAPACITY = 100;
const START_TIMEOUT_MS = 240_000;

export interface Driver extends TestUser {
  vehicleId: number;
}

export interface LoadWorld {
  a: ApiProcess;
  b: ApiProcess;
  /** The bench's own connection to the scratch database (seeding, sampling, the final accounting). */
  database: Database;
  databaseName: string;
  /** The scratch database's URL (the bare-SQL timing opens its own pools on it). */
  databaseUrl: string;
  appSecret: string;
  drivers: Driver[];
  companies: TestUser[];
  staffHeaders: Record<string, string>;
}

export type Cleanups = (() => Promise<unknown>)[];

/** Runs the releases in reverse order, each one even when an earlier one failed. */
export async function runCleanups(cleanups: Cleanups): Promise<void> {
  for (const release of cleanups.reverse()) {
    await release().catch((err: unknown) => console.error('cleanup failed:', err));
  }
}

async function startInstances(
  scratchUrl: string,
  appSecret: string,
  s3env: Record<string, string>,
  cleanups: Cleanups,
): Promise<[ApiProcess, ApiProcess]> {
  const env = async (): Promise<Record<string, string>> => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'togo-load-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    return {
      NODE_ENV: 'test',
      MULTI_INSTANCE: 'true',
      DATABASE_URL: scratchUrl,
      APP_SECRET: appSecret,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      // Not 'warn': startApiProcess learns the port from Fastify's "Server listening at" line, logged at info.
      LOG_LEVEL: 'info',
      ...s3env,
    };
  };
  const [envA, envB] = [await env(), await env()];
  // Two processes migrating one empty database (and racing pg-boss's schema) on a busy machine can take minutes.
  const opts = { timeoutMs: START_TIMEOUT_MS };
  const [a, b] = await Promise.allSettled([
    startApiProcess('A', envA, opts),
    startApiProcess('B', envB, opts),
  ]);
  for (const p of [a, b]) if (p.status === 'fulfilled') cleanups.push(() => p.value.stop());
  if (a.status === 'rejected') throw a.reason;
  if (b.status === 'rejected') throw b.reason;
  return [a.value, b.value];
}

/** A staff member (operaciones) signed in through the console's API (bench/staff-session.ts): its headers. */
async function staffHeaders(database: Database, appSecret: string, api: ApiProcess) {
  const token = await benchStaffToken(database.db, appSecret, api.url, 'load');
  return { authorization: `Token ${token}` };
}

/** A driver with one vehicle, selected (as the home screen expects). */
async function seedDriver(database: Database, api: ApiProcess, i: number): Promise<Driver> {
  const user = await createSignedInUser({ database, clock: systemClock });
  const [vehicle] = await insertVehicles(database.db, user.id, 1, new Date(), `LD${i}`);
  if (!vehicle) throw new Error(`no vehicle for driver ${i}`);
  const res = await fetch(`${api.url}/api/togo/vehicle/${vehicle.id}/set_garaje_selected/`, {
    method: 'PUT',
    headers: user.headers,
  });
  if (res.status !== 200) throw new Error(`select vehicle → ${res.status} ${await res.text()}`);
  return { ...user, vehicleId: vehicle.id };
}

export async function startWorld(opts: { drivers: number; companies: number }, cleanups: Cleanups) {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = await createScratchPostgres(serverUrl, 'togo_load');
  cleanups.push(() => scratch.drop());
  const s3 = await startS3TestServer();
  cleanups.push(() => s3.close());
  const appSecret = randomBytes(32).toString('hex');
  const started = performance.now();
  const [a, b] = await startInstances(scratch.url, appSecret, s3.env, cleanups);
  console.log(
    `  instances up in ${((performance.now() - started) / 1000).toFixed(1)} s: A ${a.url}, B ${b.url}`,
  );

  const database = await openPostgres(scratch.url, 4);
  cleanups.push(() => database.close());
  // Enough seats that no booking of the run finds its slot full (the writers also spread over slots).
  await database.query('update booking_branches set capacidad = $1 where id = $2', [BRANCH_CAPACITY, BRANCH]);
  const drivers: Driver[] = [];
  for (let i = 0; i < opts.drivers; i += 1) drivers.push(await seedDriver(database, i % 2 ? b : a, i));
  const companies: TestUser[] = [];
  for (let i = 0; i < opts.companies; i += 1) {
    companies.push(await createCompanyUser({ database, clock: systemClock }));
  }
  const world: LoadWorld = {
    a,
    b,
    database,
    databaseName: scratch.name,
    databaseUrl: scratch.url,
    appSecret,
    drivers,
    companies,
    staffHeaders: await staffHeaders(database, appSecret, a),
  };
  return world;
}
