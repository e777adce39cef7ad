import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authTokens, users } from '../../db/schema.ts';
import { newToken, sha256Hex } from '../../lib/crypto.ts';
import type { Clock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { vehicleSchema } from '@togo/domain/garage/garage.contract';
import { afterAll, beforeAll, expect } from 'vitest';

/**
 * Test support for the garage: the few reference rows the tests use (inserted when the reference seed
 * has not already put them there) and signed-in users created directly in the database.
 */
export async function ensureGarageReferenceRows(db: Db): Promise<void> {
  await db.execute(sql`
    insert into departments (id, code, name, country_id) values
      (11, '11', 'Bogotá, D.C.', 1), (5, '05', 'Antioquia', 1)
    on conflict do nothing`);
  await db.execute(sql`
    insert into cities (id, code, name, department_id, slug) values
      (11001, '11001', 'Bogotá, D.C.', 11, 'bogota'), (5001, '05001', 'Medellín', 5, 'medellin')
    on conflict do nothing`);
  await db.execute(sql`
    insert into document_types (id, code, name) values
      (1, 'CC', 'Cédula de ciudadanía'), (2, 'CE', 'Cédula de extranjería'), (3, 'TI', 'Tarjeta de identidad'),
      (4, 'PA', 'Pasaporte'), (5, 'NIT', 'NIT'), (6, 'PPT', 'Permiso por protección temporal')
    on conflict do nothing`);
}

export interface TestUser {
  id: number;
  token: string;
  headers: Record<string, string>;
}

/** A client user with a live session token, valid for 30 days from the test clock. */
export async function createSignedInUser(t: {
  database: Pick<TestContext['database'], 'db'>;
  clock: Clock;
}): Promise<TestUser> {
  const email = `garaje.${randomBytes(5).toString('hex')}@correo.com`;
  const [user] = await t.database.db
    .insert(users)
    .values({ email, nombres: 'Ana', apellidos: 'Pérez', groupId: 1, isFirstLoginTogo: false })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  const token = newToken();
  const now = t.clock.now();
  await t.database.db.insert(authTokens).values({
    userId: user.id,
    tokenHash: sha256Hex(token),
    created: now,
    expiresAt: new Date(now.getTime() + 30 * 86_400_000),
  });
  return { id: user.id, token, headers: { authorization: `Token ${token}` } };
}

export function vehiclePayload(overrides: Record<string, unknown> = {}) {
  return {
    documento_propietario: '1020304050',
    tipo_documento_propietario: 1,
    placa: 'ABC123',
    kilometraje_digitado: '45210',
    department: 11,
    city: 11001,
    ...overrides,
  };
}

/** A multipart/form-data body with one file part. */
export function multipart(
  bytes: Buffer,
  opts: { field?: string; filename?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----togo${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename ?? 'archivo.bin'}"\r\n` +
      `Content-Type: ${opts.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * One garage test file's world: a test app with the garage's reference rows, two signed-in users (ana, beto),
 * requests, fresh plates and vehicles created through the API (garage.int and garage-lookups.int).
 */
export function garageWorld() {
  const world = {} as { t: TestContext; ana: TestUser; beto: TestUser };
  beforeAll(async () => {
    world.t = await createTestApp();
    await ensureGarageReferenceRows(world.t.database.db);
    world.ana = await createSignedInUser(world.t);
    world.beto = await createSignedInUser(world.t);
  });
  afterAll(async () => {
    await world.t.close();
  });

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser | null, payload?: object) =>
    world.t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

  let plateSeq = 0;
  /** A fresh car plate per call: 'GAA100', 'GAA101', … */
  function nextPlate(): string {
    plateSeq += 1;
    const letters = String.fromCharCode(65 + (Math.floor(plateSeq / 1000) % 26));
    return `G${letters}A${String(100 + (plateSeq % 900)).padStart(3, '0')}`;
  }

  async function createVehicle(user: TestUser, overrides: Record<string, unknown> = {}) {
    const res = await inject(
      'POST',
      '/api/togo/vehicle/',
      user,
      vehiclePayload({ placa: nextPlate(), ...overrides }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return vehicleSchema.parse(res.json());
  }

  return { world, inject, nextPlate, createVehicle };
}
