import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FLEET_ERRORS_COLUMN,
  FLEET_TEMPLATE_COLUMNS,
  FLEET_TEMPLATE_SHEET,
} from '../packages/domain/src/fleet/fleet.contract.ts';
import { registerThroughUi, signIn, waitForLoginReload } from './support/access.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import {
  chromePath,
  entryScriptIndex,
  launchBrowser,
  newDesktopPage,
  newMobilePage,
  recordRequests,
  screenshot,
} from './support/browser.ts';

const TIMEOUT = 20_000;

type Row = Partial<Record<(typeof FLEET_TEMPLATE_COLUMNS)[number]['key'], string>>;

/** 17 good rows (Bogotá by DANE code, Medellín by name without accents, one with a driver) and 3 bad ones. */
function fleetRows(): Row[] {
  const rows: Row[] = [];
  for (let i = 1; i <= 17; i++) {
    const medellin = i % 2 === 0;
    rows.push({
      placa: `FLT${100 + i}`,
      kilometraje: String(1000 * i),
      tipo_documento_propietario: 'NIT',
      documento_propietario: '900123456',
      departamento: medellin ? 'antioquia' : '11',
      ciudad: medellin ? 'medellin' : '11001',
      ...(i === 1
        ? {
            nombre_conductor: 'Carlos Gómez',
            tipo_documento_conductor: 'CC',
            documento_conductor: '1020304050',
            telefono_conductor: '3001234567',
            ciudad_conductor: '05001',
          }
        : {}),
    });
  }
  const base = { tipo_documento_propietario: 'NIT', documento_propietario: '900123456' };
  rows.splice(4, 0, { ...base, placa: 'XX1', kilometraje: '500', departamento: '11', ciudad: '11001' });
  rows.splice(9, 0, { ...base, placa: 'BAD202', kilometraje: '12.500', departamento: '11', ciudad: '11001' });
  rows.splice(14, 0, { ...base, placa: 'BAD303', kilometraje: '700', departamento: '11', ciudad: 'Gotham' });
  return rows;
}

/** Fills the guide's template sheet (the file the company downloaded) with the rows, as a user would. */
async function fillGuide(guidePath: string, outPath: string, rows: Row[]) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(guidePath);
  const sheet = workbook.getWorksheet(FLEET_TEMPLATE_SHEET);
  if (!sheet) throw new Error(`the guide has no '${FLEET_TEMPLATE_SHEET}' sheet`);
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(headers).toEqual(FLEET_TEMPLATE_COLUMNS.map((c) => c.header));
  rows.forEach((row, index) => {
    sheet.getRow(index + 2).values = FLEET_TEMPLATE_COLUMNS.map((c) => row[c.key] ?? null);
  });
  await workbook.xlsx.writeFile(outPath);
}

const tableRows = (page: Page) => page.locator('table tbody tr');

describe.skipIf(!chromePath)('fleet journey (Chromium, desktop)', () => {
  let server: RunningApp;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    server = await startApp();
    browser = await launchBrowser();
    dir = mkdtempSync(path.join(tmpdir(), 'togo-fleet-e2e-'));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a company signs up, chooses Empresa, uploads its fleet and sees the list, a vehicle and the errors', async () => {
    const page = await newDesktopPage(browser);
    const company = { email: 'flota.e2e@empresa.co', phone: '3105550909', password: 'ClaveSegura2026' };
    await registerThroughUi(page, server, company);
    await signIn(page, server, company.email, company.password);
    await page.waitForURL('**/user-type', { timeout: TIMEOUT });
    await waitForLoginReload(page);

    // Empresa on a PC goes straight to the fleet area (AHGA §4, SPPF §6).
    await page.getByRole('button', { name: 'Empresa', exact: true }).click();
    await page.waitForURL('**/flota', { timeout: TIMEOUT });
    await page.getByText('No hay vehículos inscritos en tu flota').waitFor({ timeout: TIMEOUT });
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}'))).toMatchObject({
      ids_roles: [2],
      is_first_login_togo: false,
    });
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'fleet-empty');

    // The guide, downloaded from the upload screen, then filled with 20 rows (3 bad).
    await page.getByRole('link', { name: 'Añadir vehículos' }).first().click();
    await page.waitForURL('**/flota/upload', { timeout: TIMEOUT });
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: TIMEOUT }),
      page.getByRole('button', { name: 'Descarga la guía paso a paso' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const guidePath = path.join(dir, 'guia.xlsx');
    await download.saveAs(guidePath);
    const filled = path.join(dir, 'mi-flota.xlsx');
    await fillGuide(guidePath, filled, fleetRows());

    // The two validation alerts (SPPF §5).
    await page.getByRole('button', { name: 'Subir archivo' }).click();
    const none = page.getByRole('alertdialog');
    await none.getByText('No hay ningún archivo seleccionado.').waitFor({ timeout: TIMEOUT });
    await none.getByRole('button').first().click();
    const input = page.getByLabel('Seleccionar archivo .xlsx');
    await input.setInputFiles({
      name: 'flota.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('placa\nABC123'),
    });
    const wrong = page.getByRole('alertdialog');
    await wrong.getByText('Por favor, selecciona un archivo .xlsx válido.').waitFor({ timeout: TIMEOUT });
    await wrong.getByRole('button').first().click();

    await input.setInputFiles(filled);
    await page.getByText('mi-flota.xlsx').waitFor();
    await screenshot(page, 'fleet-upload-chosen');
    await page.getByRole('button', { name: 'Subir archivo' }).click();
    // The import job waits in the queue until the journey runs it.
    await page.getByRole('progressbar', { name: /En cola para procesar|Procesando vehículos/ }).waitFor({
      timeout: TIMEOUT,
    });
    expect(await page.getByText('mi-flota.xlsx').count()).toBe(0); // uploaded → selection cleared
    await screenshot(page, 'fleet-upload-processing');
    await server.drainJobs();
    await page.getByText('Carga terminada: «mi-flota.xlsx»').waitFor({ timeout: TIMEOUT });
    const counts = page.locator('.fleet-summary__counts dd');
    // Added, updated, unchanged, refused (issue 37).
    expect(await counts.allTextContents()).toEqual(['17', '0', '0', '3']);
    await screenshot(page, 'fleet-upload-done');

    // The list: 17 vehicles, one favourite, the plate search.
    await page.getByRole('link', { name: 'Ver tu flota' }).click();
    await page.waitForURL('**/flota', { timeout: TIMEOUT });
    await expect.poll(() => tableRows(page).count(), { timeout: TIMEOUT }).toBe(17);
    await page.getByRole('button', { name: 'Favorito FLT103' }).click();
    await page.getByRole('button', { name: 'Favorito FLT105' }).click();
    expect(await page.locator('button[aria-pressed="true"]').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('fleetFavorite'))).not.toBeNull();
    await screenshot(page, 'fleet-list');
    // The same session opening /flota in a browser the service worker does not control yet (a first visit on
    // another device, at 390 px): the server sends /flota's own page, whose inline script starts the list's reads
    // before the app's entry is requested (decision 054). The app adopts them (each read is asked once), and the
    // list and the favourite show as in the first browser.
    const session = await page.evaluate(() => ({ ...localStorage }));
    const phone = await newMobilePage(browser);
    await phone.goto(`${server.url}/robots.txt`);
    await phone.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, session);
    const requested = recordRequests(phone);
    await phone.goto(`${server.url}/flota`);
    await expect.poll(() => tableRows(phone).count(), { timeout: TIMEOUT }).toBe(17);
    await phone.getByRole('button', { name: 'Favorito FLT105', pressed: true }).waitFor({ timeout: TIMEOUT });
    const paths = requested.map((url) => url.pathname);
    const times = (path: string) => paths.filter((read) => read === path).length;
    expect(times('/api/togo/vehicle/traer_vehiculos_flota')).toBe(1);
    expect(times('/api/togo/flota/consultas/')).toBe(1);
    expect(times('/api/automas-param-system/togo-urls/')).toBe(1);
    const entry = entryScriptIndex(requested);
    expect(entry).toBeGreaterThan(0);
    expect(paths.indexOf('/api/togo/vehicle/traer_vehiculos_flota')).toBeLessThan(entry);
    await screenshot(phone, 'fleet-list-first-visit-390');
    await phone.context().close();
    await page.getByLabel('Buscar por placa').fill('flt-11'); // FLT110 … FLT117
    await expect.poll(() => tableRows(page).count(), { timeout: TIMEOUT }).toBe(8);
    await screenshot(page, 'fleet-list-search');
    await page.getByLabel('Buscar por placa').fill('');
    await expect.poll(() => tableRows(page).count(), { timeout: TIMEOUT }).toBe(17);

    // A vehicle: the one with a driver from the spreadsheet. Its registry and fines look-ups are queued on the
    // first view; the screen asks again while they are pending and fills in once the jobs have run.
    await page.getByRole('link', { name: 'Ver detalle de FLT101' }).click();
    await page.waitForURL('**/flota/vehicle?id=*', { timeout: TIMEOUT });
    await page.getByRole('heading', { name: 'Vehículo FLT101' }).waitFor({ timeout: TIMEOUT });
    await page.getByRole('heading', { name: 'Información general' }).waitFor();
    const driverPanel = page.getByRole('complementary', { name: 'Conductor' });
    await driverPanel.getByText('Carlos Gómez').waitFor({ timeout: TIMEOUT });
    await server.drainJobs();
    await page
      .getByText('Consultando el registro del vehículo...')
      .waitFor({ state: 'detached', timeout: TIMEOUT });
    await page.getByText('Consultando multas...').waitFor({ state: 'detached', timeout: TIMEOUT });
    const brand = page.locator('dt', { hasText: 'Marca' }).locator('xpath=following-sibling::dd');
    expect(await brand.textContent()).not.toBe('No especificado');
    await page.getByRole('note').getByText('Datos de demostración').waitFor();
    await page.getByText('Detalles del conductor').click();
    await driverPanel.getByText('1020304050').waitFor();
    await screenshot(page, 'fleet-vehicle');
    await page.getByRole('button', { name: 'Conductor', exact: true }).click();
    await page.getByRole('heading', { name: 'Licencia de conducción' }).waitFor();
    await screenshot(page, 'fleet-vehicle-driver');

    // Another driver assigned in the detail screen.
    await driverPanel.getByRole('button', { name: 'Asignar conductor' }).click();
    const assign = page.getByRole('dialog', { name: 'Asignar conductor' });
    await assign.getByLabel('Nombre').fill('Lucía Torres');
    await assign.getByLabel('Número de documento').fill('52123456');
    await assign.getByLabel('Teléfono').fill('3157778899');
    await screenshot(page, 'fleet-vehicle-assign');
    await assign.getByRole('button', { name: 'Guardar' }).click();
    await assign.waitFor({ state: 'detached', timeout: TIMEOUT });
    await driverPanel.getByText('Lucía Torres').waitFor({ timeout: TIMEOUT });
    await driverPanel.getByText('Asignado en TOGO').waitFor();

    // The driver's photo: uploaded in the panel, served through a signed URL, then removed.
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 255, g: 196, b: 0 } },
    })
      .png()
      .toBuffer();
    await driverPanel
      .getByLabel('Foto del conductor')
      .setInputFiles({ name: 'lucia.png', mimeType: 'image/png', buffer: photo });
    const driverPhoto = driverPanel.getByRole('img', { name: 'Foto de Lucía Torres' });
    await driverPhoto.waitFor({ timeout: TIMEOUT });
    expect(await driverPhoto.getAttribute('src')).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.png\?exp=\d+&sig=/);
    await page.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('img.fleet-driver__photo');
        return img !== null && img.complete && img.naturalWidth === 512;
      },
      undefined,
      { timeout: TIMEOUT },
    );
    await screenshot(page, 'fleet-vehicle-driver-photo');
    await driverPanel.getByRole('button', { name: 'Quitar foto' }).click();
    await driverPhoto.waitFor({ state: 'detached', timeout: TIMEOUT });

    // The errors page: the 3 bad rows with their messages.
    await page.getByRole('link', { name: 'Estado de carga vehículos' }).click();
    await page.waitForURL('**/flota/estado-carga', { timeout: TIMEOUT });
    await expect.poll(() => tableRows(page).count(), { timeout: TIMEOUT }).toBe(3);
    const messages = await page.locator('.fleet-table__message').allTextContents();
    expect(messages.some((m) => m.startsWith('Placa:'))).toBe(true);
    expect(messages.some((m) => m.startsWith('Kilometraje:'))).toBe(true);
    expect(messages.some((m) => m.startsWith('Ciudad:'))).toBe(true);
    expect(await page.getByRole('button', { name: 'Siguiente' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Anterior' }).isDisabled()).toBe(true);
    await screenshot(page, 'fleet-errors');

    // The errors as .xlsx, with the 'Errores' column, ready to fix and re-upload.
    const [errorsFile] = await Promise.all([
      page.waitForEvent('download', { timeout: TIMEOUT }),
      page.getByRole('button', { name: 'Descargar errores (.xlsx)' }).click(),
    ]);
    const errorsPath = path.join(dir, 'errores.xlsx');
    await errorsFile.saveAs(errorsPath);
    const errorsBook = new ExcelJS.Workbook();
    await errorsBook.xlsx.readFile(errorsPath);
    const errorsSheet = errorsBook.worksheets[0];
    expect((errorsSheet?.getRow(1).values as unknown[]).map(String)).toContain(FLEET_ERRORS_COLUMN);
    expect(errorsSheet?.actualRowCount).toBe(4);

    // A narrow window still works: the sidebar folds above the content.
    await page.setViewportSize({ width: 430, height: 900 });
    await screenshot(page, 'fleet-errors-narrow');
    await page.context().close();
  });
});
