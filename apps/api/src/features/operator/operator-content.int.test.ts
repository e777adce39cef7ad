import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogEntriesPageSchema,
  contentImageSchema,
  operatorCatalogEntrySchema,
} from '@togo/domain/operator/operator-content.contract';
import { seedReferenceData } from '../../db/seed/seed.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  auditCount,
  createDriver,
  createStaff,
  type TestDriver,
  type TestStaff,
} from './operator.test-support.ts';

const BANNERS = 'BANNERS_GENERALES_TOGO';

let t: TestContext;
let admin: TestStaff;
let contenido: TestStaff;
let operaciones: TestStaff;
let soporte: TestStaff;
let driver: TestDriver;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-11-23T15:00:00Z') });
  [admin, contenido, operaciones, soporte] = await Promise.all([
    createStaff(t, 'admin'),
    createStaff(t, 'contenido'),
    createStaff(t, 'operaciones'),
    createStaff(t, 'soporte'),
  ]);
  driver = await createDriver(t);
});
afterAll(async () => {
  await t?.close();
});

function multipart(bytes: Buffer, field = 'imagen', filename = 'banner.png', type = 'image/png') {
  const boundary = '----togo-content-test';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

const upload = (bytes: Buffer, staff: TestStaff = contenido) => {
  const body = multipart(bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/operador/contenido/imagenes/',
    headers: { ...staff.headers, ...body.headers },
    payload: body.payload,
  });
};

/**
 * The version of the entry or URL at `url` as the console reads it (0 when it does not exist): an entry's from its
 * detail (body and ETag agree), a URL's from the list.
 */
async function readVersion(url: string): Promise<number> {
  const name = /\/urls\/([a-z0-9_]+)\/$/.exec(url)?.[1];
  if (name) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/operador/contenido/urls/',
      headers: soporte.headers,
    });
    return (res.json() as { name: string; version: number }[]).find((u) => u.name === name)?.version ?? 0;
  }
  const res = await t.app.inject({ method: 'GET', url, headers: soporte.headers });
  if (res.statusCode === 404) return 0;
  const version = (res.json() as { version: number }).version;
  expect(res.headers.etag).toBe(`"${version}"`);
  return version;
}

/**
 * A write as the console makes it: a PUT or DELETE sends If-Match with the version just read, unless `version`
 * gives one (null: no header).
 */
const send = async (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  staff = contenido,
  version?: number | string | null,
) => {
  const ifMatch =
    method === 'POST' || version === null ? {} : { 'if-match': `"${version ?? (await readVersion(url))}"` };
  return t.app.inject({
    method,
    url,
    headers: { ...staff.headers, ...ifMatch },
    ...(payload ? { payload } : {}),
  });
};

async function driverBanners(clavePadre = BANNERS): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/conf/catalogos/paginado/?clave_padre=${clavePadre}`,
    headers: driver.headers,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { results: { clave: string }[] }).results.map((r) => r.clave);
}

async function driverUrls(): Promise<Record<string, string>> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/automas-param-system/togo-urls/',
    headers: driver.headers,
  });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(
    (res.json() as { results: { name: string; url: string }[] }).results.map((r) => [r.name, r.url]),
  );
}

async function entryByClave(clave: string, clavePadre = BANNERS) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/operador/contenido/entradas/?clave_padre=${clavePadre}&q=${clave}`,
    headers: soporte.headers,
  });
  expect(res.statusCode).toBe(200);
  return catalogEntriesPageSchema.parse(res.json()).results.find((e) => e.clave === clave);
}

const banner = (archivo: string, extra: Record<string, unknown> = {}) => ({
  clave_padre: BANNERS,
  clave: 'BANNER_NAVIDAD',
  valor: 'Navidad segura',
  orden: 5,
  valor_json: {
    activo: true,
    alias_url_app: 'app/servicios/rtm',
    descripcion: 'Revisa tu carro antes de viajar.',
  },
  detalle_archivos: [{ archivo }],
  ...extra,
});

describe('banners: upload, create, edit, delete', () => {
  let imageUrl = '';
  let bannerId = 0;

  it('uploads an image re-encoded like avatars (fitted, metadata dropped) and serves it publicly', async () => {
    const original = await sharp({ create: { width: 3200, height: 1000, channels: 3, background: '#c33' } })
      .withExif({ IFD0: { Artist: 'Ana Pérez' } })
      .png()
      .toBuffer();
    const audits = await auditCount(t);
    const res = await upload(original);
    expect(res.statusCode).toBe(201);
    const image = contentImageSchema.parse(res.json());
    expect(image.url).toMatch(/^\/api\/contenido\/imagenes\/[0-9a-f-]{36}\.png$/);
    imageUrl = image.url;
    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 500]);
    expect(meta.exif).toBeUndefined();
    expect(await auditCount(t)).toBe(audits + 1);
    expect((await t.app.inject({ method: 'GET', url: '/api/contenido/imagenes/nada.png' })).statusCode).toBe(
      404,
    );
  });

  it('refuses what is not a JPEG/PNG (415), a file over 5 MB (413) and an empty upload (400)', async () => {
    const audits = await auditCount(t);
    expect((await upload(Buffer.from('%PDF-1.4\n%%EOF\n'))).statusCode).toBe(415);
    expect((await upload(Buffer.alloc(5 * 1024 * 1024 + 10, 1))).statusCode).toBe(413);
    const empty = await upload(Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toHaveProperty('imagen');
    expect(await auditCount(t)).toBe(audits);
  });

  it('a new banner is in the drivers carousel at once, in its order', async () => {
    const audits = await auditCount(t);
    const res = await send('POST', '/api/operador/contenido/entradas/', banner(imageUrl));
    expect(res.statusCode).toBe(201);
    const created = operatorCatalogEntrySchema.parse(res.json());
    expect(created).toMatchObject({ clave: 'BANNER_NAVIDAD', activo: true, editado: true });
    bannerId = created.id;
    expect((await driverBanners())[0]).toBe('BANNER_NAVIDAD');
    expect(await auditCount(t)).toBe(audits + 1);
  });

  it('invalid bodies are 400s naming the field, and nothing changes', async () => {
    const audits = await auditCount(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...banner(imageUrl), clave: 'OTRO', detalle_archivos: [] }, 'detalle_archivos'],
      [{ ...banner(imageUrl), clave: 'OTRO', valor_json: { descripcion: 'sin activo' } }, 'valor_json'],
      [{ ...banner('javascript:alert(1)'), clave: 'OTRO' }, 'detalle_archivos'],
      [{ ...banner(imageUrl), clave: 'OTRO', orden: 'primero' }, 'orden'],
      [{ ...banner(imageUrl), clave: 'CON ESPACIO' }, 'clave'],
      [{ ...banner(imageUrl), clave: 'OTRO', extra: 1 }, 'extra'],
      [{ ...banner(imageUrl), clave: 'X'.repeat(101) }, 'clave'],
    ];
    for (const [body, field] of cases) {
      const res = await send('POST', '/api/operador/contenido/entradas/', body);
      expect(res.statusCode, field).toBe(400);
      expect(JSON.stringify(res.json()), field).toContain(field);
    }
    const duplicate = await send('POST', '/api/operador/contenido/entradas/', banner(imageUrl));
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toHaveProperty('clave');
    expect(await auditCount(t)).toBe(audits);
    expect(await entryByClave('OTRO')).toBeUndefined();
  });

  it('hiding a banner (activo false) takes it off the drivers carousel; deleting removes it', async () => {
    const hidden = await send(
      'PUT',
      `/api/operador/contenido/entradas/${bannerId}/`,
      banner(imageUrl, { valor_json: { activo: false } }),
    );
    expect(hidden.statusCode).toBe(200);
    expect(await driverBanners()).not.toContain('BANNER_NAVIDAD');
    expect((await entryByClave('BANNER_NAVIDAD'))?.activo).toBe(false);
    expect((await send('DELETE', `/api/operador/contenido/entradas/${bannerId}/`)).statusCode).toBe(204);
    expect(await entryByClave('BANNER_NAVIDAD')).toBeUndefined();
    expect((await send('DELETE', `/api/operador/contenido/entradas/${bannerId}/`)).statusCode).toBe(404);
    expect(
      (await send('PUT', `/api/operador/contenido/entradas/${bannerId}/`, banner(imageUrl))).statusCode,
    ).toBe(404);
  });

  it('two staff creating the same entry at once: one 201, one 400, one row', async () => {
    const body = banner(imageUrl, { clave: 'BANNER_DOBLE' });
    const [a, b] = await Promise.all([
      send('POST', '/api/operador/contenido/entradas/', body),
      send('POST', '/api/operador/contenido/entradas/', body, admin),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/operador/contenido/entradas/?clave_padre=${BANNERS}&q=DOBLE`,
      headers: soporte.headers,
    });
    expect(catalogEntriesPageSchema.parse(page.json()).count).toBe(1);
  });
});

describe('named URLs', () => {
  it('create, change and delete: the drivers list follows at once', async () => {
    const created = await send('POST', '/api/operador/contenido/urls/', {
      name: 'soat',
      url: 'https://soat.togo.co/',
    });
    expect(created.statusCode).toBe(201);
    expect((await driverUrls()).soat).toBe('https://soat.togo.co/');
    const changed = await send('PUT', '/api/operador/contenido/urls/poliza/', {
      url: 'https://aliado.co/poliza',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      name: 'poliza',
      url: 'https://aliado.co/poliza',
      editado: true,
      version: 1,
    });
    expect((await driverUrls()).poliza).toBe('https://aliado.co/poliza');
    expect((await send('DELETE', '/api/operador/contenido/urls/soat/')).statusCode).toBe(204);
    expect(await driverUrls()).not.toHaveProperty('soat');
  });

  it('400 naming the field, 404 for an unknown name, 400 for an existing one', async () => {
    const bad = await send('PUT', '/api/operador/contenido/urls/poliza/', { url: 'ftp://x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('url');
    const badName = await send('POST', '/api/operador/contenido/urls/', {
      name: 'Con Mayúsculas',
      url: '/x',
    });
    expect(badName.json()).toHaveProperty('name');
    expect((await send('PUT', '/api/operador/contenido/urls/no_existe/', { url: '/x' })).statusCode).toBe(
      404,
    );
    const exists = await send('POST', '/api/operador/contenido/urls/', { name: 'blog', url: '/x' });
    expect(exists.statusCode).toBe(400);
    expect(exists.json()).toHaveProperty('name');
  });
});

describe('access', () => {
  it('every role reads; operaciones and soporte may not write (403); no token is a 401', async () => {
    for (const staff of [admin, contenido, operaciones, soporte]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/operador/contenido/catalogos/',
        headers: staff.headers,
      });
      expect(res.statusCode).toBe(200);
    }
    const audits = await auditCount(t);
    for (const staff of [operaciones, soporte]) {
      const writes = [
        send(
          'POST',
          '/api/operador/contenido/entradas/',
          banner('/static/banners/rtm.svg', { clave: 'X1' }),
          staff,
        ),
        send('PUT', '/api/operador/contenido/urls/blog/', { url: '/x' }, staff),
        send('DELETE', '/api/operador/contenido/urls/blog/', undefined, staff),
        upload(Buffer.from('x'), staff),
      ];
      for (const res of await Promise.all(writes)) expect(res.statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/operador/contenido/urls/' });
    expect(anonymous.statusCode).toBe(401);
    const asDriver = await t.app.inject({
      method: 'GET',
      url: '/api/operador/contenido/urls/',
      headers: driver.headers,
    });
    expect(asDriver.statusCode).toBe(401);
    expect(await auditCount(t)).toBe(audits);
  });
});

describe('seed rule', () => {
  it('a restart (seed run again) keeps console edits and deletions of seeded rows', async () => {
    const seeded = await entryByClave('BANNER_RTM');
    if (!seeded) throw new Error('seeded banner missing');
    const edited = await send('PUT', `/api/operador/contenido/entradas/${seeded.id}/`, {
      clave_padre: seeded.clave_padre,
      clave: seeded.clave,
      valor: 'RTM con descuento',
      orden: seeded.orden,
      valor_json: seeded.valor_json,
      detalle_archivos: seeded.detalle_archivos,
    });
    expect(edited.statusCode).toBe(200);
    const financiacion = await entryByClave('BANNER_FINANCIACION');
    if (!financiacion) throw new Error('seeded banner missing');
    expect((await send('DELETE', `/api/operador/contenido/entradas/${financiacion.id}/`)).statusCode).toBe(
      204,
    );
    expect((await send('DELETE', '/api/operador/contenido/urls/facil_pass/')).statusCode).toBe(204);

    await seedReferenceData(t.database.db, { force: true });

    expect((await entryByClave('BANNER_RTM'))?.valor).toBe('RTM con descuento');
    expect(await entryByClave('BANNER_FINANCIACION')).toBeUndefined();
    expect(await driverBanners()).not.toContain('BANNER_FINANCIACION');
    const urls = await driverUrls();
    expect(urls).not.toHaveProperty('facil_pass');
    expect(urls.poliza).toBe('https://aliado.co/poliza');
    // Rows nobody edited still follow the file.
    expect(await entryByClave('BANNER_PERITAJE')).toMatchObject({ editado: false });
  });

  it('an entry deleted in the console can be created again', async () => {
    const res = await send('POST', '/api/operador/contenido/entradas/', {
      clave_padre: BANNERS,
      clave: 'BANNER_FINANCIACION',
      valor: 'Financiación',
      orden: 20,
      valor_json: { activo: true },
      detalle_archivos: [{ archivo: '/static/banners/financiacion.svg' }],
    });
    expect(res.statusCode).toBe(201);
    expect(await driverBanners()).toContain('BANNER_FINANCIACION');
  });
});
