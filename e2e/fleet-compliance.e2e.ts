import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../apps/api/src/integrations/messaging/outbox.messenger.ts';
import { FLEET_TEMPLATE_COLUMNS, FLEET_TEMPLATE_SHEET } from '../packages/domain/src/fleet/fleet.contract.ts';
import { registerThroughUi, signIn, waitForLoginReload } from './support/access.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { chromePath, launchBrowser, newDesktopPage, newMobilePage, screenshot } from './support/browser.ts';

const TIMEOUT = 20_000;

/** A date `days` from today as the file's cells take it (dd/mm/aaaa). */
function fileDate(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/**
 * A fleet file as a company fills it: five vehicles in Bogotá (plates ending 1 to 5); CMP101's all-risk policy
 * expired 5 days ago, CMP102's road tax is due in 20 days (issue 37's optional columns).
 */
async function fleetFile(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(FLEET_TEMPLATE_SHEET);
  sheet.addRow(FLEET_TEMPLATE_COLUMNS.map((c) => c.header));
  for (let i = 1; i <= 5; i++) {
    const row: Record<string, string> = {
      placa: `CMP10${i}`,
      kilometraje: String(1000 * i),
      tipo_documento_propietario: 'NIT',
      documento_propietario: '900123456',
      departamento: '11',
      ciudad: '11001',
      ...(i === 1 ? { vence_poliza: fileDate(-5) } : {}),
      ...(i === 2 ? { vence_impuesto: fileDate(20) } : {}),
    };
    sheet.addRow(FLEET_TEMPLATE_COLUMNS.map((c) => row[c.key] ?? null));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const SCREENS = [
  ['hoy', 'Hoy'],
  ['alertas', 'Alertas'],
  ['proximos-servicios', 'Próximos servicios'],
  ['agendamientos', 'Agendamientos'],
  ['reportes', 'Reportes'],
  ['miembros', 'Miembros'],
] as const;

/** Opens each compliance screen and screenshots it once it has loaded. */
async function screenshotScreens(page: Page, server: RunningApp, size: string) {
  for (const [path, title] of SCREENS) {
    await page.goto(`${server.url}/flota/${path}`);
    await page.getByRole('heading', { name: title, exact: true, level: 1 }).waitFor({ timeout: TIMEOUT });
    await page.waitForLoadState('networkidle');
    await screenshot(page, `fleet-compliance-${path}-${size}`);
  }
}

describe.skipIf(!chromePath)('fleet compliance journey (Chromium, desktop 1280 and 390 px)', () => {
  let server: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    server = await startApp();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('an administrador invites an operador, who accepts, uploads a fleet and sees Hoy and the export', async () => {
    const admin = await newDesktopPage(browser);
    await admin.setViewportSize({ width: 1280, height: 900 });
    const company = { email: 'admin.e2e@empresa.co', phone: '3105551212', password: 'ClaveSegura2026' };
    await registerThroughUi(admin, server, company);
    await signIn(admin, server, company.email, company.password);
    await admin.waitForURL('**/user-type', { timeout: TIMEOUT });
    await waitForLoginReload(admin);
    await admin.getByRole('button', { name: 'Empresa', exact: true }).click();
    await admin.waitForURL('**/flota', { timeout: TIMEOUT });

    // The administrador invites an operador from Miembros.
    await admin.goto(`${server.url}/flota/miembros`);
    await admin.getByLabel('Correo electrónico').fill('operador.e2e@empresa.co');
    await admin.getByLabel('Rol').selectOption('operador');
    await admin.getByRole('button', { name: 'Enviar invitación' }).click();
    await admin.getByText('Enviamos la invitación a operador.e2e@empresa.co.').waitFor({ timeout: TIMEOUT });

    // The operador accepts the emailed link with a new account (the accept screen is the API's).
    const [mail] = await listOutbox(server.database.db, 'operador.e2e@empresa.co', 1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
    expect(token).toBeTruthy();
    const accepted = await fetch(`${server.url}/api/togo/empresa/miembros/aceptar/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, nombres: 'Olga', apellidos: 'Operadora', password: 'OperaClave2026' }),
    });
    expect(accepted.status).toBe(200);

    // Signed in, the operador (a driver account) lands in the fleet area and uploads the fleet.
    const operador = await newDesktopPage(browser);
    await operador.setViewportSize({ width: 1280, height: 900 });
    await signIn(operador, server, 'operador.e2e@empresa.co', 'OperaClave2026');
    await operador.waitForURL('**/flota', { timeout: TIMEOUT });
    await waitForLoginReload(operador);
    await operador.goto(`${server.url}/flota/upload`);
    await operador.getByLabel('Seleccionar archivo .xlsx').setInputFiles({
      name: 'flota-operador.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await fleetFile(),
    });
    await operador.getByRole('button', { name: 'Subir archivo' }).click();
    await operador.getByRole('progressbar').first().waitFor({ timeout: TIMEOUT });
    // The import job may be queued just after the upload answers: drain until the page reports the end.
    const done = operador.getByText(/Carga terminada/);
    for (let i = 0; i < 50 && !(await done.isVisible()); i++) {
      await server.drainJobs();
      await done.waitFor({ timeout: 500 }).catch(() => undefined);
    }
    await done.waitFor({ timeout: TIMEOUT });

    // Hoy: the summary counts the five vehicles; the table lists exactly those that cannot go out.
    await operador.goto(`${server.url}/flota/hoy`);
    const summary = operador.getByRole('list', { name: 'Resumen de la flota' });
    await summary.getByText(/^[\d.]+ vehículos$/).waitFor({ timeout: TIMEOUT });
    expect(await summary.textContent()).toContain('5 vehículos');
    const api = await operador.evaluate(async () => {
      const res = await fetch('/api/togo/flota/cumplimiento/', {
        headers: { authorization: `Token ${localStorage.getItem('token') ?? ''}` },
      });
      return (await res.json()) as { data: { placa: string; puede_circular: boolean | null }[] };
    });
    // Those that cannot go out, then those whose pico y placa is unknown ("Sin información", issue 33).
    const blocked = [
      ...api.data.filter((r) => r.puede_circular === false),
      ...api.data.filter((r) => r.puede_circular === null),
    ].map((r) => r.placa);
    expect(await operador.locator('table tbody tr td.fleet-table__plate').allTextContents()).toEqual(blocked);

    // The .xlsx export downloads.
    const [download] = await Promise.all([
      operador.waitForEvent('download', { timeout: TIMEOUT }),
      operador.getByRole('button', { name: 'Descargar cumplimiento (.xlsx)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    // The company row (issue 37: 'Empresa: … (NIT …)'), the header, then the five vehicles.
    expect(workbook.worksheets[0]?.actualRowCount).toBe(7);
    expect(String(workbook.worksheets[0]?.getRow(1).getCell(1).value ?? '')).toMatch(/^Empresa: /);

    // The management summary PDF downloads (decision 038).
    const [pdf] = await Promise.all([
      operador.waitForEvent('download', { timeout: TIMEOUT }),
      operador.getByRole('button', { name: 'Resumen para gerencia (PDF)' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^resumen-flota-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');

    // Alertas (issue 37): the policy and the road tax the file gave, beside what TOGO does not know; a document
    // filter kept in the address, a plate that opens its vehicle, and the back button returning to the filter.
    await operador.goto(`${server.url}/flota/alertas`);
    const expired = operador.getByRole('region', { name: /^Vencidos/ });
    await expired.getByText('Póliza todo riesgo').waitFor({ timeout: TIMEOUT });
    expect(await expired.textContent()).toContain('CMP101');
    await operador
      .getByRole('complementary', { name: 'Fechas que no conocemos' })
      .waitFor({ timeout: TIMEOUT });
    await operador.getByLabel('Documento', { exact: true }).selectOption('impuesto');
    await operador.waitForURL(/documento=impuesto/, { timeout: TIMEOUT });
    const soon = operador.getByRole('region', { name: /próximos 30 días/ });
    await soon.getByText('Impuesto vehicular').waitFor({ timeout: TIMEOUT });
    await expect.poll(() => expired.textContent(), { timeout: TIMEOUT }).not.toContain('CMP101');
    await soon.getByRole('link', { name: 'Ver vehículo CMP102' }).click();
    await operador.getByRole('heading', { name: 'Vehículo CMP102', level: 1 }).waitFor({ timeout: TIMEOUT });
    await operador.goBack();
    await soon.getByText('Impuesto vehicular').waitFor({ timeout: TIMEOUT });
    expect(await operador.getByLabel('Documento', { exact: true }).inputValue()).toBe('impuesto');

    await screenshotScreens(admin, server, '1280');

    // The same screens on a 390 px phone, with the administrador's session.
    const storage = await admin.evaluate(() => JSON.stringify(localStorage));
    const phone = await newMobilePage(browser);
    await phone.goto(`${server.url}/auth`);
    await phone.evaluate((saved) => {
      for (const [k, v] of Object.entries(JSON.parse(saved) as Record<string, string>))
        localStorage.setItem(k, v);
    }, storage);
    await screenshotScreens(phone, server, '390');
  }, 180_000);
});
