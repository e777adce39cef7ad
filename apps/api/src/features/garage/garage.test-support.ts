import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authTokens, users } from '../../db/schema.ts';
import { newToken, sha256Hex } from '../../lib/crypto.ts';
import type { Clock } from '../../lib/clock.ts';
import type { TestContext } from '../../test/test-app.ts';

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
