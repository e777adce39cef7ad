import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { apiCaller, createClient, type Session } from './support/api-session.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { chromePath, launchBrowser, newMobilePage, screenshot } from './support/browser.ts';

const TIMEOUT = 20_000;
const ADMIN = { correo: 'admin.blog@togo.co', clave: 'clave-admin-e2e-123' };
const TITLE = 'Cómo preparar la revisión técnico-mecánica';

/** A page of `width` px signed in to the console (the token where the console keeps it). */
async function consolePage(browser: Browser, token: string, width: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
  });
  await context.addInitScript((t) => sessionStorage.setItem('togo.operador.token', t), token);
  return context.newPage();
}

/** A screenshot kept with the journey's artifacts and under /tmp for the report. */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true });
}

async function noViolations(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), where).toEqual([]);
}

describe.skipIf(!chromePath)(
  'console content and prices (issue 38): blog article read by a driver; prices',
  () => {
    let server: RunningApp;
    let browser: Browser;
    let staffToken: string;
    let driver: Session;
    const call = <T>(method: string, path: string, body?: unknown, token?: string) =>
      apiCaller(server)<T>(method, path, body, token);

    beforeAll(async () => {
      server = await startApp({ env: { ADMIN_EMAIL: ADMIN.correo, ADMIN_PASSWORD: ADMIN.clave } });
      browser = await launchBrowser();
      staffToken = (await call<{ token: string }>('POST', '/api/operador/sesion/', ADMIN)).token;
      driver = await createClient(server, {
        email: 'conductora.blog@correo.com',
        phone: '3005550177',
        password: 'Clave-segura-123',
        nombres: 'Lucía',
        apellidos: 'Gómez',
      });
    });

    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('writes an article as a draft (drivers do not see it), publishes it, and a driver reads it', async () => {
      const page = await consolePage(browser, staffToken, 1280);
      await page.goto(`${server.url}/operador/contenido`);
      await page.getByRole('heading', { name: 'Contenido', level: 1 }).waitFor({ timeout: TIMEOUT });
      await page.getByRole('tab', { name: 'Blog' }).click();
      await page.getByText('Aún no hay artículos.').waitFor({ timeout: TIMEOUT });
      await page.getByRole('button', { name: 'Nuevo artículo' }).click();
      const form = page.getByRole('form', { name: 'Nuevo artículo' });
      await form.getByLabel('Título', { exact: true }).fill(TITLE);
      await form
        .getByLabel(/Imagen de portada/)
        .fill(`${server.url.replace(/^http:/, 'https:')}/icons/icon-512.png`);
      await form
        .getByLabel(/Artículo \(Markdown/)
        .fill(
          '## Antes de ir\n\nLleva el **SOAT** vigente y la licencia de tránsito.\n\n- Revisa las luces\n- Revisa las llantas\n\n<script>window.hacked = 1</script>\n\n[enlace](javascript:alert(1)) y <img src=x onerror="window.hacked = 2">',
        );
      const preview = form.getByRole('region', { name: 'Vista previa' });
      await preview.getByRole('heading', { name: 'Antes de ir' }).waitFor({ timeout: TIMEOUT });
      expect(await preview.innerHTML()).not.toMatch(/<script|javascript:|onerror/i);
      await noViolations(page, 'editor 1280');
      await shot(page, 'h38content-contenido-editor-1280');
      await form.getByRole('button', { name: 'Guardar borrador' }).click();
      await page.getByText(`«${TITLE}» se guardó como borrador.`).waitFor({ timeout: TIMEOUT });

      const hidden = await call<{ results: unknown[] }>(
        'GET',
        '/api/contenido/blog/',
        undefined,
        driver.token,
      );
      expect(hidden.results).toEqual([]);

      await page.getByRole('button', { name: `Editar ${TITLE}` }).click();
      await page.getByLabel(/^Publicado/).check();
      await page.getByRole('button', { name: 'Guardar y publicar' }).click();
      await page.getByText(`«${TITLE}» está publicado.`).waitFor({ timeout: TIMEOUT });
      await page
        .getByRole('row', { name: new RegExp(TITLE) })
        .getByText('Publicado')
        .waitFor();
      await noViolations(page, 'blog list 1280');
      await shot(page, 'h38content-contenido-1280');

      const tablet = await consolePage(browser, staffToken, 820);
      await tablet.goto(`${server.url}/operador/contenido`);
      await tablet.getByRole('tab', { name: 'Blog' }).click();
      await tablet.getByRole('row', { name: new RegExp(TITLE) }).waitFor({ timeout: TIMEOUT });
      await noViolations(tablet, 'blog list 820');
      await shot(tablet, 'h38content-contenido-820');
      await tablet.getByRole('button', { name: `Editar ${TITLE}` }).click();
      await tablet
        .getByRole('region', { name: 'Vista previa' })
        .getByRole('heading', { name: 'Antes de ir' })
        .waitFor();
      await shot(tablet, 'h38content-contenido-editor-820');
      await tablet.getByRole('button', { name: 'Cancelar' }).click();
      await tablet.getByRole('tab', { name: 'Exportar' }).click();
      await tablet.getByRole('button', { name: /Descargar Catálogos y URLs/ }).waitFor();
      await noViolations(tablet, 'export 820');
      await shot(tablet, 'h38content-contenido-exportar-820');
      await tablet.context().close();
      await page.context().close();

      const phone = await newMobilePage(browser);
      await phone.addInitScript(
        ({ token, userInfo }) => {
          localStorage.setItem('token', token);
          localStorage.setItem('userInfo', JSON.stringify(userInfo));
        },
        { token: driver.token, userInfo: { ...driver.userInfo, is_first_login_togo: false } },
      );
      await phone.goto(`${server.url}/app/otros/blog`);
      const link = phone.getByRole('link', { name: new RegExp(TITLE) });
      await link.waitFor({ timeout: TIMEOUT });
      await noViolations(phone, 'driver blog list');
      await shot(phone, 'h38content-driver-blog');
      await link.click();
      await phone.getByRole('heading', { name: 'Antes de ir' }).waitFor({ timeout: TIMEOUT });
      await phone.getByRole('heading', { name: TITLE }).waitFor();
      expect(await phone.locator('.blog-article').innerHTML()).not.toMatch(/<script|javascript:|onerror/i);
      expect(await phone.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
      await noViolations(phone, 'driver article');
      await shot(phone, 'h38content-driver-article');
      await phone.context().close();
    });

    it('prices: a +5 % change of two rows with its preview, and a price scheduled from a date, cancelled', async () => {
      for (const width of [1280, 820]) {
        const page = await consolePage(browser, staffToken, width);
        await page.goto(`${server.url}/operador/precios`);
        await page.getByRole('heading', { name: 'Precios', level: 1 }).waitFor({ timeout: TIMEOUT });
        await page.getByRole('checkbox', { name: 'Seleccionar Automóvil' }).check();
        await page.getByRole('checkbox', { name: 'Seleccionar Motocicleta' }).check();
        const panel = page.getByRole('region', { name: /Cambio porcentual de 2 precios/ });
        await panel.getByLabel('Cambio (%)').fill('5');
        await panel
          .getByRole('row', { name: /Automóvil/ })
          .getByText('$ 397.320')
          .waitFor({ timeout: TIMEOUT });
        // The preview's reads settle first: on a loaded host a later one disabled the buttons again while axe looked.
        await page.waitForLoadState('networkidle');
        await page.waitForFunction(
          () =>
            Array.from(document.querySelectorAll<HTMLButtonElement>('.pr-bulk__actions button')).every(
              (b) => !b.disabled,
            ),
          undefined,
          { timeout: TIMEOUT },
        );
        await noViolations(page, `bulk ${width}`);
        await shot(page, `h38content-precios-${width}`);
        if (width === 1280) {
          await panel.getByRole('button', { name: 'Aplicar a 2 precios' }).click();
          await page.getByText('Se actualizaron 2 de 2 precios (5 %).').waitFor({ timeout: TIMEOUT });
          await page.waitForFunction(
            () =>
              (document.getElementById('precio-rtm-AUTOMOVIL') as HTMLInputElement | null)?.value ===
              '397.320',
            undefined,
            { timeout: TIMEOUT },
          );

          await page.getByLabel('Precio', { exact: true }).selectOption('tramites:TRASPASO');
          await page.getByLabel('Precio nuevo').fill('455000');
          await page.getByLabel('Desde el día').fill('2099-02-01');
          await page.getByRole('button', { name: 'Programar' }).click();
          const row = page.getByRole('row', { name: /01-02-2099/ });
          await row.waitFor({ timeout: TIMEOUT });
          await noViolations(page, 'scheduled 1280');
          await shot(page, 'h38content-precios-programados-1280');
          await row.getByRole('button', { name: /^Cancelar el cambio/ }).click();
          await page.getByText('No hay cambios programados.').waitFor({ timeout: TIMEOUT });
        } else {
          await panel.getByRole('button', { name: 'Quitar la selección' }).click();
        }
        await page.context().close();
      }
    });
  },
);
