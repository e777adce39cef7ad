import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogPage, UrlListResponse } from '@togo/domain/catalog/catalog.contract';
import { GROUP_CLIENT } from '@togo/domain/roles';
import { AccountsRepository } from '../accounts/accounts.repository.ts';
import { TokenService } from '../../http/session-tokens.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const repo = new AccountsRepository(t.database.db);
  const user = await repo.insertUser({
    email: 'catalogo@correo.com',
    nombres: 'Luis',
    apellidos: 'Peña',
    groupId: GROUP_CLIENT,
  });
  headers = { authorization: `Token ${await new TokenService(repo, t.clock).issue(user.id)}` };
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, h: Record<string, string> = headers) =>
  t.app.inject({ method: 'GET', url, headers: h });
const catalog = async (query: string) => {
  const res = await get(`/api/conf/catalogos/paginado/?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<CatalogPage>();
};

describe('GET /api/conf/catalogos/paginado/', () => {
  it('serves the home carousel: active banners only, by orden, DRF-paginated', async () => {
    const page = await catalog('clave_padre=BANNERS_GENERALES_TOGO');
    expect(page).toMatchObject({ count: 4, next: null, previous: null });
    expect(page.results.map((e) => e.clave)).toEqual([
      'BANNER_RTM',
      'BANNER_FINANCIACION',
      'BANNER_PERITAJE',
      'BANNER_POLIZA',
    ]);
    // The seed file also holds an inactive SOAT banner, which is never served.
    expect(page.results.some((e) => e.clave === 'BANNER_SOAT')).toBe(false);
    expect(page.results[0]).toEqual({
      clave: 'BANNER_RTM',
      valor: 'Revisión técnico-mecánica',
      valor_json: {
        activo: true,
        alias_url_app: 'app/servicios/rtm',
        descripcion: expect.any(String) as string,
      },
      detalle_archivos: [{ archivo: '/static/banners/rtm.webp' }],
    });
    expect(page.results.map((e) => e.valor_json.alias_url_app)).toEqual([
      'app/servicios/rtm',
      'app/servicios/financiacion',
      'app/servicios/peritaje',
      'app/otros/compras/poliza',
    ]);
  });

  it('serves the promotions strip without its inactive entry', async () => {
    const page = await catalog('clave_padre=BANNERS_OTROS_TOGO');
    expect(page.count).toBe(4);
    expect(page.results.every((e) => e.valor_json.activo)).toBe(true);
    expect(page.results.some((e) => e.clave === 'PROMO_SOAT')).toBe(false);
  });

  it('paginates like DRF: count, absolute next/previous, page_size', async () => {
    const first = await catalog('clave_padre=ALIAS_URLS_TOGO&page_size=10');
    const total = first.count;
    expect(total).toBeGreaterThan(20);
    expect(first.results).toHaveLength(10);
    expect(first.previous).toBeNull();
    expect(first.next).toBe(
      'http://localhost/api/conf/catalogos/paginado/?clave_padre=ALIAS_URLS_TOGO&page_size=10&page=2',
    );

    const second = await catalog('clave_padre=ALIAS_URLS_TOGO&page_size=10&page=2');
    expect(second.previous).toBe(
      'http://localhost/api/conf/catalogos/paginado/?clave_padre=ALIAS_URLS_TOGO&page_size=10',
    );
    expect(second.next).toContain('page=3');
    expect(second.results[0]?.clave).not.toBe(first.results[0]?.clave);

    const last = Math.ceil(total / 10);
    const end = await catalog(`clave_padre=ALIAS_URLS_TOGO&page_size=10&page=${last}`);
    expect(end.next).toBeNull();
    expect(end.results).toHaveLength(total - (last - 1) * 10);

    const all = await catalog('clave_padre=ALIAS_URLS_TOGO');
    expect(all.results).toHaveLength(total);
    expect([...first.results, ...second.results].map((e) => e.clave)).toEqual(
      all.results.slice(0, 20).map((e) => e.clave),
    );
    expect(all.results.find((e) => e.clave === 'RTM')?.valor).toBe('app/servicios/rtm');
  });

  it('answers 404 Página inválida. past the last page', async () => {
    const res = await get('/api/conf/catalogos/paginado/?clave_padre=BANNERS_GENERALES_TOGO&page=2');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Página inválida.' });
  });

  it('answers an empty first page for an unknown clave_padre', async () => {
    expect(await catalog('clave_padre=NO_EXISTE')).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });

  it('rejects a missing clave_padre and bad page numbers', async () => {
    const missing = await get('/api/conf/catalogos/paginado/');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ clave_padre: ['Este campo es obligatorio.'] });
    const zero = await get('/api/conf/catalogos/paginado/?clave_padre=ALIAS_URLS_TOGO&page=0');
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ page: ['Debe ser mayor o igual a 1.'] });
    const word = await get('/api/conf/catalogos/paginado/?clave_padre=ALIAS_URLS_TOGO&page=dos');
    expect(word.json()).toEqual({ page: ['Debe ser un número entero.'] });
    const big = await get('/api/conf/catalogos/paginado/?clave_padre=ALIAS_URLS_TOGO&page_size=500');
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ page_size: ['Debe estar entre 1 y 100.'] });
  });

  it('serves the services catalogues (peritajes and their options, trámites, financing)', async () => {
    const peritajes = await catalog('clave_padre=PERITAJES_TOGO');
    expect(peritajes.results.map((e) => e.clave)).toEqual([
      'PERITAJE_LIVIANOS',
      'PERITAJE_MOTOCICLETAS',
      'PERITAJE_A_DOMICILIO',
    ]);
    expect(peritajes.results[2]?.valor_json).toMatchObject({ tipo_atencion: 'a_domicilio' });
    // The clave of the chosen service lists its options.
    const livianos = await catalog('clave_padre=PERITAJE_LIVIANOS');
    expect(livianos.results.map((e) => e.valor)).toEqual(['Gasolina', 'Diésel', 'Híbrido', 'Eléctrico']);
    expect(livianos.results[0]?.valor_json).toMatchObject({ combos: ['Oro', 'Diamante', 'Plata'] });
    expect(livianos.results[2]?.valor_json).toMatchObject({ combustible: 'GASO ELEC', clase: 'CAMIONETA' });

    const tramites = await catalog('clave_padre=TRAMITES_TOGO');
    expect(tramites.count).toBeGreaterThanOrEqual(6);
    for (const entry of tramites.results) {
      expect(entry.valor).not.toBe('');
      expect(entry.detalle_archivos[0]?.archivo).toMatch(/^\/static\/catalogo\/tramites\/.+\.svg$/);
    }

    const financiacion = await catalog('clave_padre=FINANCIACION_TOGO');
    expect(financiacion.results[0]?.clave).toBe('FINANCIACION_BANNER');
    expect(financiacion.results[0]?.detalle_archivos[0]?.archivo).toBe('/static/banners/financiacion.webp');
    expect(
      financiacion.results.slice(1).every((e) => e.detalle_archivos[0]?.archivo.includes('/marcas/')),
    ).toBe(true);
  });

  it('needs the token', async () => {
    expect(
      (await get('/api/conf/catalogos/paginado/?clave_padre=BANNERS_GENERALES_TOGO', {})).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/automas-param-system/togo-urls/', () => {
  const urls = async (query: string) => {
    const res = await get(`/api/automas-param-system/togo-urls/${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<UrlListResponse>();
  };

  it('finds one URL by name', async () => {
    expect(await urls('?name__in=blog')).toEqual({
      results: [{ name: 'blog', url: '/static/paginas/blog.html' }],
    });
    expect(await urls('?name__in=pico_placa_base')).toEqual({
      results: [{ name: 'pico_placa_base', url: 'https://www.pyphoy.com' }],
    });
  });

  it('finds several names in the order asked, leaving unknown names out', async () => {
    const body = await urls('?name__in=poliza,no_existe,facil_pass, financiacion,poliza');
    expect(body.results.map((r) => r.name)).toEqual(['poliza', 'facil_pass', 'financiacion']);
    expect(await urls('?name__in=no_existe')).toEqual({ results: [] });
  });

  it('lists every configured URL without a filter', async () => {
    const body = await urls('');
    expect(body.results.map((r) => r.name).sort()).toEqual([
      'blog',
      'data_policy_pdf',
      'facil_pass',
      'financiacion',
      'pico_placa_base',
      'poliza',
      'privacy_policy_pdf',
    ]);
    expect((await urls('?name__in=')).results).toHaveLength(7);
  });

  it('rejects too many names', async () => {
    const names = Array.from({ length: 21 }, (_, i) => `n${i}`).join(',');
    const res = await get(`/api/automas-param-system/togo-urls/?name__in=${names}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name__in: ['Máximo 20 nombres.'] });
  });

  it('needs the token', async () => {
    expect((await get('/api/automas-param-system/togo-urls/?name__in=blog', {})).statusCode).toBe(401);
  });
});

describe('static assets under /static/', () => {
  it('serves the banner images as WebP (1200 × 500) with a long cache, beside their SVG sources', async () => {
    for (const name of ['rtm', 'financiacion', 'peritaje', 'poliza', 'soat']) {
      const res = await t.app.inject({ method: 'GET', url: `/static/banners/${name}.webp` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=2592000');
      expect(res.headers.etag).toBeTruthy();
      const body = res.rawPayload;
      expect(body.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(body.subarray(8, 12).toString('latin1')).toBe('WEBP');
      const source = await t.app.inject({ method: 'GET', url: `/static/banners/${name}.svg` });
      expect(source.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(source.body).toContain('viewBox="0 0 1200 500"');
    }
  });

  it('serves the legal PDFs as application/pdf, viewable in the browser', async () => {
    const { results } = await urls2('data_policy_pdf,privacy_policy_pdf');
    expect(results).toHaveLength(2);
    for (const { url } of results) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
      // Chrome's PDF viewer is blocked by object-src 'none'.
      expect(res.headers['content-security-policy']).toBe("frame-ancestors 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves every file the catalogues and URLs point at', async () => {
    const links = new Set<string>();
    for (const url of (await urls2('')).results) links.add(url.url);
    for (const key of [
      'BANNERS_GENERALES_TOGO',
      'BANNERS_OTROS_TOGO',
      'PERITAJES_TOGO',
      'TRAMITES_TOGO',
      'FINANCIACION_TOGO',
    ]) {
      for (const entry of (await catalog(`clave_padre=${key}`)).results) {
        for (const file of entry.detalle_archivos) links.add(file.archivo);
      }
    }
    const local = [...links].filter((l) => l.startsWith('/static/'));
    expect(local.length).toBeGreaterThan(15);
    for (const link of local) {
      const res = await t.app.inject({ method: 'GET', url: link });
      expect(res.statusCode, link).toBe(200);
    }
    const html = await t.app.inject({ method: 'GET', url: '/static/paginas/blog.html' });
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain('lang="es-CO"');
  });

  it('answers a JSON 404 for a missing file and for paths outside the folder', async () => {
    for (const url of [
      '/static/banners/no-existe.svg',
      '/static/../package.json',
      '/static/%2e%2e/package.json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('"name"');
    }
    expect((await t.app.inject({ method: 'GET', url: '/static/banners/no-existe.svg' })).json()).toEqual({
      detail: 'No encontrado.',
    });
  });
});

describe('static assets next to the single-page app', () => {
  let spa: TestContext;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'togo-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>TOGO</title>');
    spa = await createTestApp({ env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await spa.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('does not answer a missing /static/ file with index.html', async () => {
    const missing = await spa.app.inject({ method: 'GET', url: '/static/banners/no-existe.svg' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'No encontrado.' });
    const banner = await spa.app.inject({ method: 'GET', url: '/static/banners/rtm.svg' });
    expect(banner.statusCode).toBe(200);
    const page = await spa.app.inject({ method: 'GET', url: '/app/home' });
    expect(page.body).toContain('<title>TOGO</title>');
  });
});

async function urls2(names: string) {
  const res = await get(`/api/automas-param-system/togo-urls/${names ? `?name__in=${names}` : ''}`);
  return res.json<UrlListResponse>();
}
