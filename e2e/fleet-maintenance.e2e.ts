import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFleetVehicle } from '../apps/api/src/features/fleet/fleet-companies.test-support.ts';
import { DemoRegistryProvider } from '../apps/api/src/integrations/registry/demo.registry.ts';
import { apiCaller, createClient, type Session } from './support/api-session.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { axeViolations } from './support/axe.ts';
import { chromePath, DESKTOP_USER_AGENT, launchBrowser, screenshot } from './support/browser.ts';

const TIMEOUT = 20_000;

/**
 * Issue 39 for a company at 1280 px: the fleet menu's "Mantenimiento" lists the vehicles with a service overdue or
 * soon, worst first, with the year's cost per km in pesos; a plate opens that vehicle's own "Mantenimiento" inside
 * the fleet area. axe-core finds nothing on either screen.
 */
describe.skipIf(!chromePath)("a company's fleet maintenance (Chromium, 1280 px)", () => {
  let server: RunningApp;
  let browser: Browser;
  let session: Session;
  let page: Page;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    server = await startApp();
    browser = await launchBrowser();
    session = await createClient(server, {
      email: 'flota.mantenimiento@empresa.co',
      phone: '3105551280',
      password: 'ClaveSegura2026',
      nombres: 'Transportes',
      apellidos: 'Andinos',
    });
    // The account is a company (group 2), as choosing "Empresa" makes it.
    const [user] = await server.database.query<{ id: number }>(
      `update users set group_id = 2 where email = 'flota.mantenimiento@empresa.co' returning id`,
    );
    const companyId = user?.id ?? 0;
    // Registry data as the demo registry answers it (SOAT and RTM dates beside the reminders).
    const registry = new DemoRegistryProvider({ now: () => new Date() });
    for (const placa of ['VEN101', 'PRO102', 'ALD103']) {
      const snapshot = await registry.lookupVehicle({ placa, documento: '900123456', tipoDocumento: 'NIT' });
      ids[placa] = await addFleetVehicle(server, companyId, placa, snapshot, []);
    }
    const call = apiCaller(server);
    const post = (id: number, what: string, body: unknown) =>
      call('POST', `/api/togo/vehicle/${id}/${what}/`, body, session.token);
    const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
    const yearStart = `${today.slice(0, 4)}-01-01`;
    // VEN101: oil every 5.000 km from 10.000; now at 15.200 → vencido. 500.000 this year over 5.200 km.
    await post(ids.VEN101!, 'mantenimientos', {
      fecha: yearStart,
      kilometraje: 10_000,
      tipo: 'cambio_aceite',
      costo: 200_000,
    });
    await post(ids.VEN101!, 'combustible', {
      fecha: today,
      kilometraje: 15_200,
      galones: 12,
      costo: 300_000,
      tanque_lleno: true,
    });
    await post(ids.VEN101!, 'recordatorios', { tipo: 'cambio_aceite', cada_km: 5_000 });
    // PRO102: tyres every 5.000 km, 4.700 done → pronto (within 500 km).
    await post(ids.PRO102!, 'recordatorios', { tipo: 'llantas', cada_km: 5_000, ultimo_km: 0 });
    await post(ids.PRO102!, 'combustible', {
      fecha: today,
      kilometraje: 4_700,
      galones: 10,
      costo: 150_000,
      tanque_lleno: false,
    });
    // ALD103: al día.
    await post(ids.ALD103!, 'recordatorios', { tipo: 'filtros', cada_meses: 6 });

    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      userAgent: DESKTOP_USER_AGENT,
      locale: 'es-CO',
      timezoneId: 'America/Bogota',
      acceptDownloads: true,
    });
    page = await context.newPage();
    await page.goto(`${server.url}/auth`);
    await page.evaluate(
      ({ token, userInfo }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('userInfo', JSON.stringify(userInfo));
      },
      {
        token: session.token,
        userInfo: { ...session.userInfo, ids_roles: [2], is_first_login_togo: false },
      },
    );
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists the vehicles due for service, worst first, with the cost per km', async () => {
    await page.goto(`${server.url}/flota`);
    await page
      .getByRole('navigation', { name: 'Menú de la flota' })
      .getByRole('link', { name: 'Mantenimiento' })
      .click();
    await page.waitForURL('**/flota/mantenimiento', { timeout: TIMEOUT });
    // The fleet list's own table may still be on screen while the next screen loads (a React transition): wait for
    // the maintenance screen's answer (its summary and first row) before reading the table.
    await page.getByText('1 con servicio vencido').waitFor({ timeout: TIMEOUT });
    const table = page.getByRole('table', { name: 'Vehículos y sus próximos mantenimientos' });
    await table.locator('tbody th', { hasText: 'VEN101' }).waitFor({ timeout: TIMEOUT });
    const plates = await table.locator('tbody th').allTextContents();
    expect(plates).toEqual(['VEN101', 'PRO102']);
    const first = (await table.locator('tbody tr').first().textContent())?.replace(/\s+/g, ' ');
    expect(first).toContain('Vencido');
    expect(first).toContain('Cambio de aceite (vencido): 15.000 km');
    expect(first).toContain('$ 500.000');
    expect(first).toContain('$ 96 / km');
    const violations = await axeViolations(page);
    expect(violations).toEqual([]);
    await screenshot(page, 'fleet-maintenance-1280');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar a Excel (.xlsx)' }).click();
    expect((await download).suggestedFilename()).toMatch(/^mantenimiento-flota-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await page.getByRole('button', { name: 'Todos' }).click();
    await table.locator('tbody th', { hasText: 'ALD103' }).waitFor({ timeout: TIMEOUT });
  });

  it("opens a vehicle's own Mantenimiento inside the fleet area", async () => {
    await page.getByRole('link', { name: 'Mantenimiento de VEN101' }).click();
    await page.waitForURL(`**/flota/vehiculo/${ids.VEN101}/mantenimiento`, { timeout: TIMEOUT });
    await page.getByRole('list', { name: 'Recordatorios de mantenimiento' }).getByText('Vencido').waitFor({
      timeout: TIMEOUT,
    });
    await page.getByRole('button', { name: 'Registrar mantenimiento' }).waitFor();
    // The vehicle's own data came from the fleet's detail: its plate and legal deadlines.
    await page.locator('.mto-vehicle__plate', { hasText: 'VEN101' }).waitFor({ timeout: TIMEOUT });
    expect(await page.getByText('No pudimos consultar el vehículo', { exact: false }).count()).toBe(0);
    const violations = await axeViolations(page);
    expect(violations).toEqual([]);
    await screenshot(page, 'fleet-maintenance-vehicle-1280');
  });
});
