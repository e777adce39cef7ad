import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEntries } from '../db/schema/catalog.schema.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

/** The built web app's PWA files as the API serves them (docs/decisions/010). */
/** A prerendered page, with its inline boot script (apps/web src/app/page-boot.ts, docs/decisions/047). */
const BOOT_SCRIPT = 'boot(document.currentScript)';
const LOGIN_PAGE = `<!doctype html><title>TOGO</title><script data-entry="/assets/index-abc123.js">${BOOT_SCRIPT}</script><div id="root"><h1>Iniciar sesión</h1></div>`;
/** The home's page carries its shell, with the place of its first banner (apps/web HomeShell.tsx). */
const homePage = (image: string) =>
  `<title>Inicio</title><div id="root"><main data-shell=""><div class="home-banner">${image}</div></main></div>`;
let t: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'togo-pwa-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>TOGO</title>');
  writeFileSync(path.join(webDist, 'sw.js'), "self.importScripts('/push-sw.js');");
  writeFileSync(path.join(webDist, 'push-sw.js'), '/* push */');
  writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"TOGO"}');
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
  mkdirSync(path.join(webDist, 'operador', 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'operador', 'operador.html'), '<!doctype html><title>Consola</title>');
  writeFileSync(path.join(webDist, 'operador', 'assets', 'operador-abc123.js'), 'console.log(2)');
  mkdirSync(path.join(webDist, '_pages', 'auth'), { recursive: true });
  mkdirSync(path.join(webDist, '_pages', 'app', 'servicios'), { recursive: true });
  writeFileSync(path.join(webDist, '_pages', 'auth', 'login.html'), LOGIN_PAGE);
  writeFileSync(path.join(webDist, '_pages', 'auth', 'login.html.br'), brotliCompressSync(LOGIN_PAGE));
  writeFileSync(path.join(webDist, '_pages', 'app', 'servicios', 'rtm.html'), '<title>RTM</title>');
  writeFileSync(path.join(webDist, '_pages', 'app', 'home.html'), homePage('<!--togo:lcp-image-->'));
  t = await createTestApp({ env: { WEB_DIST_DIR: webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('PWA files', () => {
  it('serves the service worker uncached, as JavaScript, under a CSP that allows it', async () => {
    for (const url of ['/sw.js', '/push-sw.js']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("worker-src 'self'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('serves the manifest uncached with its media type; the CSP allows it', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("manifest-src 'self'");
  });

  it('index.html and client-side routes are never cached; hashed assets are immutable', async () => {
    for (const url of ['/', '/index.html', '/app/profile']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await get('/assets/index-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the build’s pre-compressed files when the browser accepts them', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });
});

describe('operator console page (docs/decisions/029)', () => {
  it('/operador and its client-side routes get the console page, never cached', async () => {
    for (const url of ['/operador', '/operador/', '/operador/ingresar', '/operador/auditoria?page=2']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Consola</title>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('its hashed assets are immutable static files; a missing one is a 404, not the page', async () => {
    const asset = await get('/operador/assets/operador-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(2)');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/operador/assets/nada-123.js')).statusCode).toBe(404);
  });

  it('other paths keep the drivers’ page; API paths keep the JSON 404', async () => {
    expect((await get('/operadores')).body).toContain('<title>TOGO</title>');
    expect((await get('/app/profile')).body).toContain('<title>TOGO</title>');
    const api = await get('/api/operador/no-existe/');
    expect(api.statusCode).not.toBe(200);
    expect(api.body).not.toContain('<title>');
  });
});

describe('entry pages (docs/decisions/044)', () => {
  it('an entry route gets its own page (with or without a trailing slash or a query), never cached', async () => {
    for (const url of ['/auth/login', '/auth/login/', '/auth/login?correo=a']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(LOGIN_PAGE);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/app/servicios/rtm')).body).toBe('<title>RTM</title>');
  });

  it("the pages' CSP allows the build's inline boot script by its hash, and no other inline script", async () => {
    const hash = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
    for (const url of ['/auth/login', '/app/servicios/rtm', '/']) {
      const csp = (await get(url)).headers['content-security-policy'];
      expect(csp, url).toContain(
        `script-src 'self' https://accounts.google.com https://connect.facebook.net ${hash};`,
      );
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
  });

  it('is sent pre-compressed when the browser accepts it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/auth/login',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
  });

  it("the home's page draws its first banner in its shell and asks the browser to preload it; other pages don't", async () => {
    const banner = '/static/banners/primero-prueba.svg';
    await t.database.db.insert(catalogEntries).values([
      {
        clavePadre: 'BANNERS_GENERALES_TOGO',
        clave: 'PRUEBA_OFF',
        orden: -20,
        activo: false,
        detalleArchivos: [{ archivo: '/static/x.svg' }],
      },
      {
        clavePadre: 'BANNERS_GENERALES_TOGO',
        clave: 'PRUEBA',
        orden: -10,
        detalleArchivos: [{ archivo: banner }],
      },
    ]);
    const image = `<img src="${banner}" alt="" width="1200" height="500" fetchpriority="high">`;
    const home = await get('/app/home');
    expect(home.body).toBe(homePage(image));
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['cache-control']).toBe('no-cache');
    // Built per request, it still carries the security headers of every page.
    expect(home.headers['content-security-policy']).toContain("script-src 'self'");
    expect(home.headers['x-content-type-options']).toBe('nosniff');
    expect(home.headers.link).toBe(`<${banner}>; rel=preload; as=image; fetchpriority=high`);
    // Compressed for the browser that accepts it (the build's .br cannot hold the banner of the day).
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/app/home',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(homePage(image));
    // Anything but a plain path of this server (an operator's external address, odd characters) is not hinted.
    await t.database.db
      .update(catalogEntries)
      .set({ detalleArchivos: [{ archivo: 'https://cdn.example/a.svg>; rel=x' }] })
      .where(eq(catalogEntries.clave, 'PRUEBA'));
    const plain = await get('/app/home');
    expect(plain.headers.link).toBeUndefined();
    // …nor drawn: the shell keeps its placeholder.
    expect(plain.body).toBe(homePage(''));
    expect((await get('/auth/login')).headers.link).toBeUndefined();
    expect((await get('/app/profile')).headers.link).toBeUndefined();
  });

  it('any other path, a longer one included, keeps index.html', async () => {
    for (const url of ['/auth/login/extra', '/auth/loginx', '/auth', '/app/servicios']) {
      expect((await get(url)).body, url).toBe('<!doctype html><title>TOGO</title>');
    }
  });
});
