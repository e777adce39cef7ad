import { randomBytes, randomUUID } from 'node:crypto';
import yauzl from 'yauzl';
import {
  authTokens,
  fleetDrivers,
  fleetPersonPhotos,
  storedFiles,
  users,
  vehicles,
} from '../../db/schema.ts';
import { storageKeyFor, type FileStorage } from '../../integrations/files/file-storage.ts';
import { newToken, sha256Hex } from '../../lib/crypto.ts';
import type { TestContext } from '../../test/test-app.ts';
import { hashPassword } from '../../lib/password.ts';
import type { TestUser } from '../garage/garage.test-support.ts';

/** A FileStorage fake in memory: tests look at what is stored and what was removed. */
export class MemoryStorage implements FileStorage {
  readonly name = 'memory';
  readonly objects = new Map<string, Buffer>();
  async put(key: string, bytes: Buffer): Promise<void> {
    this.objects.set(key, Buffer.from(bytes));
  }
  async get(key: string): Promise<Buffer | null> {
    return this.objects.get(key) ?? null;
  }
  async delete(key: string): Promise<void> {
    this.objects.delete(key);
  }
}

/** Every entry of a zip archive, by name. */
export function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

export const PASSWORD = 'Clave-segura-2026';

export interface Person extends TestUser {
  email: string;
  telefono: string;
  identificacion: string;
}

/** A client with a password, a phone and a CC document, signed in once (more sessions: signIn). */
export async function createPerson(
  t: Pick<TestContext, 'database' | 'clock'>,
  opts: { password?: string | null } = {},
): Promise<Person> {
  const tag = randomBytes(4).toString('hex');
  const email = `persona.${tag}@correo.com`;
  const telefono = `300${String(parseInt(tag, 16) % 10_000_000).padStart(7, '0')}`;
  const identificacion = String(1_000_000_000 + (parseInt(tag, 16) % 900_000_000));
  const password = opts.password === undefined ? PASSWORD : opts.password;
  const [user] = await t.database.db
    .insert(users)
    .values({
      email,
      passwordHash: password === null ? null : await hashPassword(password),
      nombres: 'Ana',
      apellidos: 'Pérez',
      telefono,
      tipoDocumento: 'CC',
      identificacion,
      groupId: 1,
      isFirstLoginTogo: false,
    })
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
  return {
    id: user.id,
    token,
    headers: { authorization: `Token ${token}` },
    email,
    telefono,
    identificacion,
  };
}

/** Stores bytes for a user (file row + storage object); returns the file id and key. */
export async function storeFile(
  t: Pick<TestContext, 'database' | 'clock'>,
  storage: FileStorage,
  ownerUserId: number,
  purpose: string,
  bytes: Buffer,
  extension: 'jpg' | 'png' | 'pdf' = 'jpg',
): Promise<{ id: string; key: string }> {
  const id = randomUUID();
  const key = storageKeyFor(id, extension);
  await storage.put(key, bytes, 'application/octet-stream');
  await t.database.db.insert(storedFiles).values({
    id,
    ownerUserId,
    purpose,
    contentType: extension === 'pdf' ? 'application/pdf' : `image/${extension === 'jpg' ? 'jpeg' : 'png'}`,
    extension,
    size: bytes.length,
    storageKey: key,
    created: t.clock.now(),
  });
  return { id, key };
}

export async function insertVehicle(
  t: Pick<TestContext, 'database'>,
  userId: number,
  placa: string,
  extra: Partial<typeof vehicles.$inferInsert> = {},
): Promise<number> {
  const [row] = await t.database.db
    .insert(vehicles)
    .values({
      userId,
      placa,
      documentoPropietario: '1020304050',
      tipoDocumentoPropietario: 1,
      departmentId: 11,
      cityId: 11001,
      ...extra,
    })
    .returning({ id: vehicles.id });
  if (!row) throw new Error('vehicle not inserted');
  return row.id;
}

/** A company's fleet vehicle driven by `person` (a fleet_drivers row with the person's CC), with their photo. */
export async function insertFleetVehicleDrivenBy(
  t: Pick<TestContext, 'database' | 'clock'>,
  storage: FileStorage,
  companyId: number,
  placa: string,
  person: Person,
): Promise<{ vehicleId: number; photoKey: string }> {
  const vehicleId = await insertVehicle(t, companyId, placa, { documentoPropietario: '900123456' });
  await t.database.db.insert(fleetDrivers).values({
    vehicleId,
    origin: 'asignado',
    nombre: 'Ana Pérez',
    tipoDocumento: 1,
    documento: person.identificacion,
    telefono: person.telefono,
    cityId: 11001,
  });
  const photo = await storeFile(t, storage, companyId, 'fleet-driver-photo', Buffer.from('foto-conductor'));
  await t.database.db.insert(fleetPersonPhotos).values({
    companyUserId: companyId,
    tipoDocumento: 1,
    documento: person.identificacion,
    fileId: photo.id,
  });
  return { vehicleId, photoKey: photo.key };
}

/** A new live session for an existing user at the clock's time (the first one may have expired meanwhile). */
export async function freshSession(
  t: Pick<TestContext, 'database' | 'clock'>,
  userId: number,
): Promise<Record<string, string>> {
  const token = newToken();
  const now = t.clock.now();
  await t.database.db.insert(authTokens).values({
    userId,
    tokenHash: sha256Hex(token),
    created: now,
    expiresAt: new Date(now.getTime() + 30 * 86_400_000),
  });
  return { authorization: `Token ${token}` };
}
