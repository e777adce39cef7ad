import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MALFORMED_MULTIPART } from '../../http/multipart.ts';
import { PROFILE_MSG } from '@togo/domain/profile/profile.contract';
import { storedFiles, users } from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createSignedInUser, multipart, type TestUser } from '../garage/garage.test-support.ts';

let t: TestContext;
let ana: TestUser;
let beto: TestUser;
const clock = new ManualClock('2026-11-22T15:00:00Z');

const url = (id: number) => `/api/users-admin-manager/${id}/`;

function patch(user: TestUser | null, id: number, payload: unknown) {
  return t.app.inject({
    method: 'PATCH',
    url: url(id),
    headers: user?.headers ?? {},
    payload: payload as object,
  });
}

function uploadPicture(user: TestUser, id: number, bytes: Buffer, field = 'profile_picture') {
  const body = multipart(bytes, { field, filename: 'foto.png', contentType: 'image/png' });
  return t.app.inject({
    method: 'PATCH',
    url: url(id),
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

async function userRow(id: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('missing user');
  return row;
}

function photo(width: number, height: number, format: 'jpeg' | 'png'): Promise<Buffer> {
  const base = sharp({
    create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } },
  }).withExif({
    IFD0: { Artist: 'Ana Pérez' },
  });
  return format === 'jpeg' ? base.jpeg({ quality: 95 }).toBuffer() : base.png().toBuffer();
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  ana = await createSignedInUser(t);
  beto = await createSignedInUser(t);
});
afterAll(async () => {
  await t.close();
});

describe('PATCH users-admin-manager: email', () => {
  it('records the email (trimmed, lower-case) as pending; the verification code applies it', async () => {
    const res = await patch(ana, ana.id, {
      email: '  Ana.Nueva@Correo.COM ',
      username: 'Ana.Nueva@Correo.COM',
      intermediaryy: { email: 'Ana.Nueva@Correo.COM' },
    });
    expect(res.statusCode).toBe(200);
    const before = (await userRow(ana.id)).email;
    expect(res.json()).toMatchObject({
      email: before,
      correo_pendiente: 'ana.nueva@correo.com',
      first_name: 'Ana',
      last_name: 'Pérez',
      profile_picture: null,
    });
    const verified = await t.app.inject({
      method: 'POST',
      url: `${url(ana.id)}verificar-correo/`,
      headers: ana.headers,
      payload: { codigo: await t.lastCode('ana.nueva@correo.com') },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      email: 'ana.nueva@correo.com',
      username: 'ana.nueva@correo.com',
    });
    expect(verified.json().tercero.correo).toBe('ana.nueva@correo.com');
    expect((await userRow(ana.id)).email).toBe('ana.nueva@correo.com');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/togo/users/confirmar_inicio_sesion/',
      headers: ana.headers,
    });
    expect(me.json().email).toBe('ana.nueva@correo.com');
  });

  it('refuses an email another account has (any case) with a Spanish field error, changing nothing', async () => {
    const before = await userRow(beto.id);
    const res = await patch(beto, beto.id, { email: 'ANA.NUEVA@correo.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [PROFILE_MSG.emailTaken] });
    expect(await userRow(beto.id)).toEqual(before);
  });

  it('keeping one’s own email is not a conflict', async () => {
    const res = await patch(ana, ana.id, { email: 'ana.nueva@correo.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().correo_pendiente).toBeNull();
  });

  it('refuses an invalid or empty email', async () => {
    const bad = await patch(beto, beto.id, { email: 'no-es-correo' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ email: [PROFILE_MSG.emailInvalid] });
    const empty = await patch(beto, beto.id, { email: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().email).toEqual([PROFILE_MSG.required]);
    const wrongType = await patch(beto, beto.id, { email: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toHaveProperty('email');
  });
});

describe('PATCH users-admin-manager: names', () => {
  it('changes first and last names (also in tercero)', async () => {
    const res = await patch(ana, ana.id, {
      first_name: ' María José ',
      last_name: 'Gómez Núñez',
      intermediaryy: { first_name: 'María José', last_name: 'Gómez Núñez', bussines_name: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'María José',
      last_name: 'Gómez Núñez',
      nombres: 'María José',
      apellidos: 'Gómez Núñez',
      tercero: { nombres: 'María José', apellidos: 'Gómez Núñez' },
    });
  });

  it('stores the business name: given → kept, absent → unchanged, null or blank → cleared', async () => {
    const named = await patch(beto, beto.id, {
      first_name: 'Beto',
      last_name: 'Ríos',
      intermediaryy: { first_name: 'Beto', last_name: 'Ríos', bussines_name: ' Transportes Ríos S.A.S. ' },
    });
    expect(named.statusCode).toBe(200);
    expect(named.json().tercero.razon_social).toBe('Transportes Ríos S.A.S.');
    expect((await userRow(beto.id)).razonSocial).toBe('Transportes Ríos S.A.S.');

    const untouched = await patch(beto, beto.id, { first_name: 'Alberto', last_name: 'Ríos' });
    expect(untouched.json().tercero.razon_social).toBe('Transportes Ríos S.A.S.');

    const blank = await patch(beto, beto.id, {
      first_name: 'Alberto',
      last_name: 'Ríos',
      intermediaryy: { bussines_name: '  ' },
    });
    expect(blank.json().tercero.razon_social).toBeNull();
    expect((await userRow(beto.id)).razonSocial).toBeNull();
  });

  it('needs both names, letters only', async () => {
    const missing = await patch(ana, ana.id, { first_name: 'Ana' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ last_name: [PROFILE_MSG.required] });
    const digits = await patch(ana, ana.id, { first_name: 'Ana1', last_name: '' });
    expect(digits.statusCode).toBe(400);
    expect(digits.json()).toEqual({
      first_name: [PROFILE_MSG.lettersOnly],
      last_name: [PROFILE_MSG.required],
    });
    expect((await userRow(ana.id)).nombres).toBe('María José');
  });
});

describe('PATCH users-admin-manager: access and malformed input', () => {
  it('another user’s id answers 404 and changes nothing', async () => {
    const before = await userRow(beto.id);
    for (const payload of [{ email: 'robo@correo.com' }, { first_name: 'X', last_name: 'Y' }]) {
      const res = await patch(ana, beto.id, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'No encontrado.' });
    }
    const pic = await uploadPicture(ana, beto.id, await photo(10, 10, 'png'));
    expect(pic.statusCode).toBe(404);
    expect(await userRow(beto.id)).toEqual(before);
    expect((await patch(ana, 0, { email: 'x@correo.com' })).statusCode).toBe(404);
    expect((await patch(ana, Number.MAX_SAFE_INTEGER, { email: 'x@correo.com' })).statusCode).toBe(404);
  });

  it('401 without a valid token', async () => {
    expect((await patch(null, ana.id, { email: 'x@correo.com' })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: url(ana.id),
      headers: { authorization: 'Token nope' },
      payload: { first_name: 'A', last_name: 'B' },
    });
    expect(bad.statusCode).toBe(401);
  });

  it('malformed JSON is a Spanish 400', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: url(ana.id),
      headers: { ...ana.headers, 'content-type': 'application/json' },
      payload: '{"email": "a@b.co"',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'El cuerpo de la solicitud no es un JSON válido.' });
    const array = await patch(ana, ana.id, [{ email: 'a@b.co' }]);
    expect(array.statusCode).toBe(400);
  });
});

describe('PATCH users-admin-manager: profile_picture', () => {
  it('stores a re-encoded picture and answers a signed URL that serves it', async () => {
    const res = await uploadPicture(ana, ana.id, await photo(2000, 1000, 'jpeg'));
    expect(res.statusCode).toBe(200);
    const picture = res.json().profile_picture as string;
    expect(picture).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?exp=\d+&sig=[\w-]+$/);
    expect(res.json().email).toBe('ana.nueva@correo.com');

    const file = await t.app.inject({ method: 'GET', url: picture });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(file.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(512);
    expect(meta.exif).toBeUndefined();

    // Sign-in confirmation hands out the uploaded picture too (signed, never a bare path).
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/togo/users/confirmar_inicio_sesion/',
      headers: ana.headers,
    });
    expect(me.json().profile_picture).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?exp=/);
    const unsigned = await t.app.inject({ method: 'GET', url: picture.split('?')[0] ?? '' });
    expect(unsigned.statusCode).toBe(403);
  });

  it('a new picture replaces the old one (old file gone)', async () => {
    const first = (await userRow(ana.id)).profilePictureFileId;
    const res = await uploadPicture(ana, ana.id, await photo(64, 64, 'png'));
    expect(res.statusCode).toBe(200);
    const row = await userRow(ana.id);
    expect(row.profilePictureFileId).not.toBe(first);
    const pictures = await t.database.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.ownerUserId, ana.id), eq(storedFiles.purpose, 'profile-picture')));
    expect(pictures.map((p) => p.id)).toEqual([row.profilePictureFileId]);
    expect(pictures[0]?.contentType).toBe('image/png');
  });

  it('answers a malformed multipart body with 400 in Spanish and keeps the picture', async () => {
    const before = (await userRow(ana.id)).profilePictureFileId;
    const res = await t.app.inject({
      method: 'PATCH',
      url: url(ana.id),
      headers: { ...ana.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="profile_picture"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: MALFORMED_MULTIPART });
    expect((await userRow(ana.id)).profilePictureFileId).toBe(before);
  });

  it('refuses content that is not JPEG/PNG whatever its name says (415)', async () => {
    const before = (await userRow(ana.id)).profilePictureFileId;
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    );
    const res = await uploadPicture(ana, ana.id, pdf);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: PROFILE_MSG.pictureType });
    const text = await uploadPicture(ana, ana.id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(text.statusCode).toBe(415);
    expect((await userRow(ana.id)).profilePictureFileId).toBe(before);
  });

  it('a damaged PNG is a 400, an empty upload or a missing field too', async () => {
    const png = await photo(50, 50, 'png');
    const damaged = await uploadPicture(ana, ana.id, png.subarray(0, 60));
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json()).toEqual({ profile_picture: [PROFILE_MSG.pictureDamaged] });
    const wrongField = await uploadPicture(ana, ana.id, png, 'file');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ profile_picture: [PROFILE_MSG.pictureRequired] });
    const empty = await uploadPicture(ana, ana.id, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
  });

  it('refuses more than 5 MB with 413', async () => {
    const big = Buffer.concat([await photo(10, 10, 'png'), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await uploadPicture(ana, ana.id, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: PROFILE_MSG.pictureTooLarge });
  });
});
