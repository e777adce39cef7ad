import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bogotaToday } from '../packages/domain/src/bogota-time.ts';
import { colombianHolidayDates } from '../packages/domain/src/booking/booking.rules.ts';
import { addDays, weekdayOf } from '../packages/domain/src/pico-placa/pico-placa.calendar.ts';
import { apiCaller, createClient, type Session } from './support/api-session.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { chromePath, launchBrowser, screenshot } from './support/browser.ts';

const TIMEOUT = 20_000;
const ADMIN = { correo: 'admin.e2e@togo.co', clave: 'clave-admin-e2e-123' };
const MEDELLIN = '05001';
const PLATE = 'MDE123';
const DAY_LABELS: Record<string, string> = { MON: 'Lun', TUE: 'Mar', WED: 'Mié', THU: 'Jue', FRI: 'Vie' };
const BANNER_PNG = fileURLToPath(new URL('../apps/web/public/icons/icon-512.png', import.meta.url));

/** The next Monday–Friday that is not a holiday, after today (Bogotá). */
function nextWorkday(): string {
  const today = bogotaToday(new Date());
  const year = Number(today.slice(0, 4));
  const holidays = new Set([...colombianHolidayDates(year), ...colombianHolidayDates(year + 1)]);
  for (let i = 1; ; i++) {
    const date = addDays(today, i);
    if (DAY_LABELS[weekdayOf(date)] && !holidays.has(date)) return date;
  }
}

/** A page of `width` px signed in to the console (the token where the console keeps it). */
async function consolePage(browser: Browser, token: string, width: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: width > 800 ? 900 : 844 },
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    acceptDownloads: true,
  });
  await context.addInitScript((t) => sessionStorage.setItem('togo.operador.token', t), token);
  return context.newPage();
}

describe.skipIf(!chromePath)(
  'operator console: pico y placa editor and content (Chromium, 1280 and 390 px)',
  () => {
    let server: RunningApp;
    let browser: Browser;
    let staffToken: string;
    let driver: Session;
    let vehicleId: number;
    const call = <T>(method: string, path: string, body?: unknown, token?: string) =>
      apiCaller(server)<T>(method, path, body, token);

    beforeAll(async () => {
      server = await startApp({ env: { ADMIN_EMAIL: ADMIN.correo, ADMIN_PASSWORD: ADMIN.clave } });
      browser = await launchBrowser();
      staffToken = (await call<{ token: string }>('POST', '/api/operador/sesion/', ADMIN)).token;
      driver = await createClient(server, {
        email: 'conductor.pyp@correo.com',
        phone: '3005550199',
        password: 'Clave-segura-123',
        nombres: 'Camila',
        apellidos: 'Restrepo',
      });
      const vehicle = await call<{ id: number }>(
        'POST',
        '/api/togo/vehicle/',
        {
          documento_propietario: '1020304050',
          tipo_documento_propietario: 1,
          placa: PLATE,
          kilometraje_digitado: '30000',
          department: 5,
          city: 5001,
        },
        driver.token,
      );
      vehicleId = vehicle.id;
    });

    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    const driverStatus = async (fecha: string) =>
      (
        await call<{ status: string }>(
          'GET',
          `/api/togo/pico-placa/?id_garaje=${vehicleId}&fecha=${fecha}`,
          undefined,
          driver.token,
        )
      ).status;

    it('fixes Medellín: a new rule in the form, the preview, and the drivers answer at once', async () => {
      const fecha = nextWorkday();
      expect(await driverStatus(fecha)).toBe('unknown');

      const page = await consolePage(browser, staffToken, 1280);
      await page.goto(`${server.url}/operador/pico-placa`);
      const cities = page.getByRole('table', { name: /ciudades y estado/i });
      await cities.waitFor({ timeout: TIMEOUT });
      const medellinRow = cities.getByRole('row').filter({ hasText: 'Medellín' });
      await medellinRow.getByText('Vencida').waitFor();
      await medellinRow.getByRole('button').click();
      await page.getByRole('group', { name: /^Regla 1/ }).waitFor({ timeout: TIMEOUT });
      const before = await page.getByRole('group', { name: /^Regla \d+/ }).count();

      await page.getByRole('button', { name: '+ Agregar regla' }).click();
      const rule = page.getByRole('group', { name: new RegExp(`^Regla ${before + 1}`) });
      await rule.waitFor();
      // The plate ends in 3: make sure the day of `fecha` restricts 3.
      const digit = rule.getByRole('button', {
        name: `${DAY_LABELS[weekdayOf(fecha)]}: dígito 3`,
        exact: true,
      });
      if ((await digit.getAttribute('aria-pressed')) !== 'true') await digit.click();
      const preview = page.getByRole('table', { name: /restricción por fecha/i });
      await preview.getByText('PyP').first().waitFor({ timeout: TIMEOUT });
      await screenshot(page, 'operator-pico-placa-1280');

      await page.getByRole('button', { name: 'Guardar reglas' }).click();
      await page.getByText(/guardado como versión 1/i).waitFor({ timeout: TIMEOUT });
      expect(await driverStatus(fecha)).toBe('restricted');
      await cities
        .getByRole('row')
        .filter({ hasText: 'Medellín' })
        .getByText('Vigente')
        .waitFor({ timeout: TIMEOUT });
      await page.getByText('Versión 1', { exact: true }).waitFor();
      await screenshot(page, 'operator-pico-placa-saved-1280');

      const phone = await consolePage(browser, staffToken, 390);
      await phone.goto(`${server.url}/operador/pico-placa?ciudad=${MEDELLIN}`);
      await phone.getByRole('group', { name: /^Regla 1/ }).waitFor({ timeout: TIMEOUT });
      await phone.waitForLoadState('networkidle');
      await screenshot(phone, 'operator-pico-placa-390');
      await phone.context().close();
      await page.context().close();
    });

    it('uploads a banner: re-encoded image, and the drivers carousel shows it', async () => {
      const page = await consolePage(browser, staffToken, 1280);
      await page.goto(`${server.url}/operador/contenido`);
      await page.getByRole('heading', { name: 'Contenido', level: 1 }).waitFor({ timeout: TIMEOUT });
      await page.getByRole('cell', { name: 'BANNER_RTM', exact: true }).waitFor({ timeout: TIMEOUT });
      await page.getByRole('button', { name: '+ Nuevo banner' }).click();
      const form = page.getByRole('form', { name: 'Nueva entrada' });
      await form.getByLabel('Clave').fill('BANNER_NAVIDAD');
      await form.getByLabel('Título').fill('Viaja seguro esta Navidad');
      await form.getByLabel('Descripción').fill('Revisa tu carro antes de salir a carretera.');
      await form.getByLabel(/^Enlace/).fill('app/servicios/rtm');
      await form.getByLabel(/^Imagen/).setInputFiles(BANNER_PNG);
      await form.getByRole('img').waitFor({ timeout: TIMEOUT });
      await screenshot(page, 'operator-contenido-form-1280');
      await form.getByRole('button', { name: 'Guardar' }).click();
      await page.getByText(/se guardó\. los conductores ya lo ven/i).waitFor({ timeout: TIMEOUT });
      await page.getByRole('cell', { name: 'BANNER_NAVIDAD', exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, 'operator-contenido-1280');

      const carousel = await call<{ results: { clave: string; detalle_archivos: { archivo: string }[] }[] }>(
        'GET',
        '/api/conf/catalogos/paginado/?clave_padre=BANNERS_GENERALES_TOGO',
        undefined,
        driver.token,
      );
      const created = carousel.results.find((r) => r.clave === 'BANNER_NAVIDAD');
      expect(created?.detalle_archivos[0]?.archivo).toMatch(
        /^\/api\/contenido\/imagenes\/[0-9a-f-]{36}\.png$/,
      );
      const image = await fetch(`${server.url}${created?.detalle_archivos[0]?.archivo}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');

      const phone = await consolePage(browser, staffToken, 390);
      await phone.goto(`${server.url}/operador/contenido`);
      await phone.getByRole('cell', { name: 'BANNER_NAVIDAD', exact: true }).waitFor({ timeout: TIMEOUT });
      await phone.waitForLoadState('networkidle');
      await screenshot(phone, 'operator-contenido-390');
      await phone.getByRole('tab', { name: 'URLs' }).click();
      await phone.getByLabel(/^poliza/).waitFor({ timeout: TIMEOUT });
      await screenshot(phone, 'operator-contenido-urls-390');
      await phone.context().close();
      await page.context().close();
    });
  },
);
