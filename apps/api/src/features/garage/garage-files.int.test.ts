import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../db/schema.ts';
import { LocalDiskStorage } from '../../integrations/files/local-disk.storage.ts';
import { ManualClock } from '../../lib/clock.ts';
import { MALFORMED_MULTIPART } from '../../http/multipart.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  createSignedInUser,
  ensureGarageReferenceRows,
  multipart,
  type TestUser,
  vehiclePayload,
} from './garage.test-support.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
]);

let t: TestContext;
let ana: TestUser;
let beto: TestUser;
let vehicleId: number;
const clock = new ManualClock('2026-11-22T15:00:00Z');
const filesDir = mkdtempSync(path.join(tmpdir(), 'togo-files-'));

async function photo(width: number, height: number, format: 'jpeg' | 'png'): Promise<Buffer> {
  const base = sharp({
    create: { width, height, channels: 3, background: { r: 180, g: 40, b: 40 } },
  }).withExif({
    IFD0: { Artist: 'Ana Pérez', Copyright: 'ubicación secreta' },
  });
  return format === 'jpeg' ? base.jpeg({ quality: 95 }).toBuffer() : base.png().toBuffer();
}

function upload(
  kind: 'file' | 'image',
  bytes: Buffer,
  opts: { user?: TestUser; id?: number; filename?: string; contentType?: string; field?: string } = {},
) {
  const body = multipart(bytes, opts);
  const endpoint = kind === 'file' ? 'upload_file_to_garage' : 'upload_image_to_garage';
  return t.app.inject({
    method: 'POST',
    url: `/api/togo/vehicle/${opts.id ?? vehicleId}/${endpoint}/`,
    headers: { ...(opts.user ?? ana).headers, ...body.headers },
    payload: body.payload,
  });
}

const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp({ clock, providers: { fileStorage: new LocalDiskStorage(filesDir) } });
  await ensureGarageReferenceRows(t.database.db);
  ana = await createSignedInUser(t);
  beto = await createSignedInUser(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/togo/vehicle/',
    headers: ana.headers,
    payload: vehiclePayload(),
  });
  vehicleId = res.json().id;
});
afterAll(async () => {
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('licence document upload', () => {
  it('stores a PDF under a generated name and serves it through an expiring signed URL', async () => {
    const res = await upload('file', PDF, {
      filename: '../../etc/licencia.pdf',
      contentType: 'application/pdf',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { file_url } = res.json() as { file_url: string };
    expect(file_url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.pdf\?exp=\d+&sig=[A-Za-z0-9_-]+$/);
    // The extension is optional; a wrong one names nothing.
    expect((await fetchFile(file_url.replace('.pdf?', '?'))).statusCode).toBe(200);
    expect((await fetchFile(file_url.replace('.pdf?', '.png?'))).statusCode).toBe(404);

    const file = await fetchFile(file_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const selected = await t.app.inject({
      method: 'GET',
      url: '/api/togo/vehicle/get_garaje_selected/',
      headers: ana.headers,
    });
    expect(selected.json().url_licencia).toBe(file_url);

    const id = /files\/([0-9a-f-]{36})/.exec(file_url)?.[1] ?? '';
    const [row] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, id));
    expect(row).toMatchObject({
      ownerUserId: ana.id,
      purpose: 'vehicle-licence',
      contentType: 'application/pdf',
      extension: 'pdf',
    });
    expect(row?.storageKey).toBe(`${id.slice(0, 2)}/${id}.pdf`);
  });

  it('decides the type by content: a .png that is text and a .pdf that is a program are refused', async () => {
    const text = await upload('file', Buffer.from('hola, esto no es una imagen'), {
      filename: 'licencia.png',
      contentType: 'image/png',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ detail: 'El archivo debe ser PDF, JPG o PNG.' });

    const exe = await upload('file', EXE, { filename: 'licencia.pdf', contentType: 'application/pdf' });
    expect(exe.statusCode).toBe(415);
    expect(exe.json()).toEqual({ detail: 'El archivo debe ser PDF, JPG o PNG.' });

    // A real PNG named .pdf is accepted as what it is.
    const png = await upload('file', await photo(40, 30, 'png'), {
      filename: 'licencia.pdf',
      contentType: 'application/pdf',
    });
    expect(png.statusCode).toBe(200);
    const served = await fetchFile(png.json().file_url);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('answers 413 over 5 MB, 400 without the file field, 415 without multipart', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 + 1 - PDF.length, 0x20)]);
    const res = await upload('file', big, { filename: 'grande.pdf' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'El archivo no puede superar 5 MB.' });

    const wrongField = await upload('file', PDF, { field: 'documento' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ file: ['Debes adjuntar un archivo.'] });

    const empty = await upload('file', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);

    const json = await t.app.inject({
      method: 'POST',
      url: `/api/togo/vehicle/${vehicleId}/upload_file_to_garage/`,
      headers: ana.headers,
      payload: { file: 'no' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('answers a malformed multipart body with 400 in Spanish, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/togo/vehicle/${vehicleId}/upload_file_to_garage/`,
      headers: { ...ana.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: MALFORMED_MULTIPART });
  });

  it('answers 404 for another user vehicle before reading the upload', async () => {
    const res = await upload('file', PDF, { user: beto });
    expect(res.statusCode).toBe(404);
    const img = await upload('image', await photo(20, 20, 'png'), { user: beto });
    expect(img.statusCode).toBe(404);
  });
});

describe('vehicle picture upload', () => {
  it('re-encodes a JPEG: metadata stripped, at most 1600 px, still decodes', async () => {
    const original = await photo(3000, 2000, 'jpeg');
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();

    const res = await upload('image', original, { filename: 'carro.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    const served = await fetchFile(res.json().file_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const out = served.rawPayload;
    expect(out.equals(original)).toBe(false);
    const meta = await sharp(out).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1600, height: 1067 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(out.includes(Buffer.from('secreta'))).toBe(false);
    const { data } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    expect(data.length).toBe(1600 * 1067 * 3);

    const selected = await t.app.inject({
      method: 'GET',
      url: '/api/togo/vehicle/get_garaje_selected/',
      headers: ana.headers,
    });
    expect(selected.json().url_imagen_vehiculo).toBe(res.json().file_url);
  });

  it('keeps small PNGs at their size, and refuses PDFs and corrupt images', async () => {
    const png = await upload('image', await photo(300, 200, 'png'), { filename: 'carro.png' });
    expect(png.statusCode).toBe(200);
    const meta = await sharp((await fetchFile(png.json().file_url)).rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 300, height: 200 });
    expect(meta.exif).toBeUndefined();

    const pdf = await upload('image', PDF, { filename: 'carro.jpg', contentType: 'image/jpeg' });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json()).toEqual({ detail: 'La imagen debe ser JPG o PNG.' });

    const jpeg = await photo(200, 200, 'jpeg');
    const corrupt = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(300, 0x55)]);
    const bad = await upload('image', corrupt, { filename: 'carro.jpg' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ file: ['La imagen está dañada o no se puede leer.'] });
  });

  it('removes the replaced picture (row and bytes)', async () => {
    const first = await upload('image', await photo(50, 50, 'png'));
    const firstId = /files\/([0-9a-f-]{36})/.exec(first.json().file_url)?.[1] ?? '';
    expect(existsSync(path.join(filesDir, firstId.slice(0, 2), `${firstId}.png`))).toBe(true);
    const second = await upload('image', await photo(60, 60, 'png'));
    expect(second.statusCode).toBe(200);
    expect((await fetchFile(first.json().file_url)).statusCode).toBe(404);
    expect((await fetchFile(second.json().file_url)).statusCode).toBe(200);
    expect(await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, firstId))).toEqual([]);
    expect(existsSync(path.join(filesDir, firstId.slice(0, 2), `${firstId}.png`))).toBe(false);
  });
});

describe('signed file URLs', () => {
  it('refuses tampered, foreign and expired links', async () => {
    const res = await upload('file', PDF);
    const url: string = res.json().file_url;
    const tampered = url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await fetchFile(tampered)).statusCode).toBe(403);
    const otherId = url.replace(/files\/[0-9a-f]/, (m) => `${m.slice(0, -1)}${m.endsWith('0') ? '1' : '0'}`);
    expect((await fetchFile(otherId)).statusCode).toBe(403);
    const laterExp = url.replace(/exp=(\d+)/, (_m, e: string) => `exp=${Number(e) + 900}`);
    expect((await fetchFile(laterExp)).statusCode).toBe(403);
    expect((await fetchFile('/api/files/nada?exp=1&sig=x')).statusCode).toBe(403);

    const exp = Number(/exp=(\d+)/.exec(url)?.[1]);
    clock.set(new Date((exp - 1) * 1000));
    expect((await fetchFile(url)).statusCode).toBe(200);
    clock.set(new Date(exp * 1000));
    const expired = await fetchFile(url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ detail: 'El enlace no es válido o expiró.' });
  });
});
