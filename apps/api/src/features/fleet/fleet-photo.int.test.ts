import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FLEET_MSG,
  FLEET_PATHS,
  fleetVehicleDetailSchema,
  type FleetVehicle,
} from '@togo/domain/fleet/fleet.contract';
import { GROUP_CLIENT } from '@togo/domain/roles';
import { fleetPersonPhotos, storedFiles } from '../../db/schema.ts';
import { MALFORMED_MULTIPART } from '../../http/multipart.ts';
import type { FileStorage } from '../../integrations/files/file-storage.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { multipart, type TestUser } from '../garage/garage.test-support.ts';
import { buildFleetXlsx, createCompanyUser, uploadFleetFile } from './fleet.test-support.ts';

/** A FileStorage in memory, so the tests can see which objects exist. */
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

let t: TestContext;
let storage: MemoryStorage;
let company: TestUser;
let other: TestUser;
let client: TestUser;
/** ABC123 and DEF456 have the same driver (CC 777); XYZ12D has none (the owner, NIT 900123456, drives). */
let first: FleetVehicle;
let second: FleetVehicle;
let ownerDriven: FleetVehicle;

const FILE_URL = /^\/api\/files\/([0-9a-f-]{36})\.(png|jpg)\?exp=\d+&sig=[\w-]+$/;

function photo(width: number, height: number, format: 'jpeg' | 'png'): Promise<Buffer> {
  const base = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 90, b: 20 } },
  }).withExif({ IFD0: { Artist: 'Ana Pérez' } });
  return format === 'jpeg' ? base.jpeg({ quality: 95 }).toBuffer() : base.png().toBuffer();
}

function upload(user: TestUser | null, id: number, bytes: Buffer, field = 'foto') {
  const body = multipart(bytes, { field, filename: 'conductor.png', contentType: 'image/png' });
  return t.app.inject({
    method: 'PUT',
    url: FLEET_PATHS.driverPhoto(id),
    headers: { ...(user?.headers ?? {}), ...body.headers },
    payload: body.payload,
  });
}

function remove(user: TestUser | null, id: number) {
  return t.app.inject({ method: 'DELETE', url: FLEET_PATHS.driverPhoto(id), headers: user?.headers ?? {} });
}

async function fotoUrl(id: number): Promise<string | null> {
  const res = await t.app.inject({ method: 'GET', url: FLEET_PATHS.detail(id), headers: company.headers });
  expect(res.statusCode).toBe(200);
  return fleetVehicleDetailSchema.parse(res.json()).conductor.foto_url;
}

function fileIdOf(url: string | null): string {
  const id = url?.match(FILE_URL)?.[1];
  if (!id) throw new Error(`not a signed file URL: ${url}`);
  return id;
}

const photoRows = () => t.database.db.select().from(fleetPersonPhotos);
const photoFiles = () =>
  t.database.db.select().from(storedFiles).where(eq(storedFiles.purpose, 'fleet-driver-photo'));

beforeAll(async () => {
  storage = new MemoryStorage();
  t = await createTestApp({ providers: { fileStorage: storage } });
  company = await createCompanyUser(t);
  other = await createCompanyUser(t);
  client = await createCompanyUser(t, GROUP_CLIENT);
  const driver = ['Ana Pérez', 'CC', '777', '3001234567', 'Cali'];
  const file = await buildFleetXlsx([
    ['ABC123', 45210, 'CC', '1020304050', 'Antioquia', 'Medellín', ...driver],
    ['DEF456', 1200, 'CC', '1020304050', 'Antioquia', 'Medellín', ...driver],
    ['XYZ12D', 300, 'NIT', '900123456', 'Bogotá', 'Bogotá'],
  ]);
  expect((await uploadFleetFile(t, company, file)).statusCode).toBe(202);
  await t.jobs.drain();
  const list = (
    await t.app.inject({ method: 'GET', url: FLEET_PATHS.list, headers: company.headers })
  ).json() as { data: FleetVehicle[] };
  const byPlate = (placa: string) => {
    const v = list.data.find((x) => x.placa === placa);
    if (!v) throw new Error(`missing ${placa}`);
    return v;
  };
  first = byPlate('ABC123');
  second = byPlate('DEF456');
  ownerDriven = byPlate('XYZ12D');
});
afterAll(async () => {
  await t.close();
});

describe('PUT/DELETE conductor_flota/foto/', () => {
  it('stores a re-encoded PNG and the detail answers a signed URL that serves it', async () => {
    expect(await fotoUrl(first.id)).toBeNull();
    const res = await upload(company, first.id, await photo(1600, 800, 'png'));
    expect(res.statusCode).toBe(200);
    const body = fleetVehicleDetailSchema.parse(res.json());
    expect(body.placa).toBe('ABC123');
    expect(body.conductor.documento).toBe('777');
    expect(body.conductor.foto_url).toMatch(FILE_URL);

    const url = await fotoUrl(first.id);
    expect(fileIdOf(url)).toBe(fileIdOf(body.conductor.foto_url));
    const file = await t.app.inject({ method: 'GET', url: url ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([512, 256]);
    expect(meta.exif).toBeUndefined();
    // Never a bare path: without the signature the file is not served.
    const unsigned = await t.app.inject({ method: 'GET', url: (url ?? '').split('?')[0] ?? '' });
    expect(unsigned.statusCode).toBe(403);
  });

  it('the same driver document on another vehicle shows the same photo', async () => {
    expect(fileIdOf(await fotoUrl(second.id))).toBe(fileIdOf(await fotoUrl(first.id)));
    expect(await photoRows()).toHaveLength(1);
    // The owner-driven vehicle is another person.
    expect(await fotoUrl(ownerDriven.id)).toBeNull();
  });

  it('a new photo (from any of the vehicles) replaces the old one and deletes its file', async () => {
    const before = fileIdOf(await fotoUrl(first.id));
    const [oldRow] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, before));
    expect(oldRow && storage.objects.has(oldRow.storageKey)).toBe(true);

    const res = await upload(company, second.id, await photo(300, 300, 'jpeg'));
    expect(res.statusCode).toBe(200);
    const now = fileIdOf(fleetVehicleDetailSchema.parse(res.json()).conductor.foto_url);
    expect(now).not.toBe(before);
    expect(fileIdOf(await fotoUrl(first.id))).toBe(now);

    const files = await photoFiles();
    expect(files.map((f) => f.id)).toEqual([now]);
    expect(files[0]?.contentType).toBe('image/jpeg');
    expect(storage.objects.has(oldRow?.storageKey ?? '')).toBe(false);
    expect(storage.objects.has(files[0]?.storageKey ?? '')).toBe(true);
  });

  it("the owner-as-driver case keys the photo by the owner's document and follows the driver", async () => {
    const res = await upload(company, ownerDriven.id, await photo(40, 40, 'png'));
    expect(res.statusCode).toBe(200);
    const body = fleetVehicleDetailSchema.parse(res.json());
    expect(body.conductor).toMatchObject({ origen: 'propietario', documento: '900123456' });
    const ownerPhoto = fileIdOf(body.conductor.foto_url);

    // Another driver: that person has no photo; the owner again: the owner's photo is back.
    const assigned = await t.app.inject({
      method: 'PUT',
      url: FLEET_PATHS.driver(ownerDriven.id),
      headers: company.headers,
      payload: { tipo_documento: 1, documento: '555' },
    });
    expect(assigned.json().conductor.foto_url).toBeNull();
    const sameAsFirst = await t.app.inject({
      method: 'PUT',
      url: FLEET_PATHS.driver(ownerDriven.id),
      headers: company.headers,
      payload: { tipo_documento: 1, documento: '777' },
    });
    expect(fileIdOf(sameAsFirst.json().conductor.foto_url)).toBe(fileIdOf(await fotoUrl(first.id)));
    const back = await t.app.inject({
      method: 'PUT',
      url: FLEET_PATHS.driver(ownerDriven.id),
      headers: company.headers,
      payload: { propietario: true },
    });
    expect(fileIdOf(back.json().conductor.foto_url)).toBe(ownerPhoto);
  });

  it('refuses content that is not JPEG/PNG (415), over 5 MB (413), malformed multipart (400)', async () => {
    const before = await fotoUrl(first.id);
    const filesBefore = (await photoFiles()).length;
    const objectsBefore = storage.objects.size;

    const pdf = await upload(company, first.id, Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json()).toEqual({ detail: FLEET_MSG.photoType });
    const svg = await upload(company, first.id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(svg.statusCode).toBe(415);

    const big = Buffer.concat([await photo(10, 10, 'png'), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooLarge = await upload(company, first.id, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ detail: FLEET_MSG.photoTooLarge });

    const malformed = await t.app.inject({
      method: 'PUT',
      url: FLEET_PATHS.driverPhoto(first.id),
      headers: { ...company.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="foto"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: MALFORMED_MULTIPART });

    const png = await photo(50, 50, 'png');
    const damaged = await upload(company, first.id, png.subarray(0, 60));
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json()).toEqual({ foto: [FLEET_MSG.photoDamaged] });
    const wrongField = await upload(company, first.id, png, 'file');
    expect(wrongField.json()).toEqual({ foto: [FLEET_MSG.photoRequired] });
    const notMultipart = await t.app.inject({
      method: 'PUT',
      url: FLEET_PATHS.driverPhoto(first.id),
      headers: company.headers,
      payload: { foto: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json()).toEqual({ foto: [FLEET_MSG.photoRequired] });

    expect(fileIdOf(await fotoUrl(first.id))).toBe(fileIdOf(before));
    expect(await photoFiles()).toHaveLength(filesBefore);
    expect(storage.objects.size).toBe(objectsBefore);
  });

  it("answers 403 to a client, 404 for another company's vehicle, 401 without a token", async () => {
    const png = await photo(20, 20, 'png');
    const forClient = await upload(client, first.id, png);
    expect(forClient.statusCode).toBe(403);
    expect(forClient.json()).toEqual({ detail: FLEET_MSG.companyOnly });
    expect((await remove(client, first.id)).statusCode).toBe(403);
    expect((await upload(other, first.id, png)).statusCode).toBe(404);
    expect((await remove(other, first.id)).statusCode).toBe(404);
    expect((await upload(company, 999_999, png)).statusCode).toBe(404);
    expect((await upload(null, first.id, png)).statusCode).toBe(401);
    expect((await remove(null, first.id)).statusCode).toBe(401);
    expect(await fotoUrl(first.id)).toMatch(FILE_URL);
  });

  it('DELETE removes the photo (row, file and bytes) for every vehicle of that driver', async () => {
    const id = fileIdOf(await fotoUrl(first.id));
    const [row] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, id));
    const res = await remove(company, second.id);
    expect(res.statusCode).toBe(200);
    expect(fleetVehicleDetailSchema.parse(res.json()).conductor.foto_url).toBeNull();
    expect(await fotoUrl(first.id)).toBeNull();
    expect(await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, id))).toEqual([]);
    expect(storage.objects.has(row?.storageKey ?? '')).toBe(false);
    // The owner's photo is untouched; removing twice is fine.
    expect(await fotoUrl(ownerDriven.id)).toMatch(FILE_URL);
    expect((await remove(company, first.id)).statusCode).toBe(200);
  });

  it('uploads at once for the same person leave exactly one photo and no orphan', async () => {
    const pictures = await Promise.all([30, 31, 32, 33].map((side) => photo(side, side, 'png')));
    const answers = await Promise.all(
      pictures.map((bytes, i) => upload(company, i % 2 === 0 ? first.id : second.id, bytes)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const current = fileIdOf(await fotoUrl(first.id));
    const personRows = (await photoRows()).filter((r) => r.documento === '777');
    expect(personRows.map((r) => r.fileId)).toEqual([current]);
    const files = await photoFiles();
    // The owner's photo and this person's one.
    expect(files).toHaveLength(2);
    expect(files.map((f) => f.id)).toContain(current);
    // No orphaned bytes either (the other stored object is the fleet spreadsheet).
    const images = [...storage.objects.keys()].filter((key) => !key.endsWith('.xlsx'));
    expect(images.sort()).toEqual(files.map((f) => f.storageKey).sort());
  });
});
