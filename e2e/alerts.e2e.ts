import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCaller,
  createClient,
  createSelectedVehicle,
  signedInPage as openSignedIn,
  type Session,
  type VehicleJson,
} from './support/api-session.ts';
import { FINE_PLATE_CANDIDATES } from './support/demo-fines.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { chromePath, launchBrowser, screenshot } from './support/browser.ts';

const TIMEOUT = 15_000;

describe.skipIf(!chromePath)('alerts journeys (Chromium)', () => {
  let server: RunningApp;
  let browser: Browser;
  let session: Session;

  let call: ReturnType<typeof apiCaller>;
  const createUser = (email: string, phone: string, password: string) =>
    createClient(server, { email, phone, password, nombres: 'Andrés Felipe', apellidos: 'Gómez Ríos' });
  const createVehicle = (placa: string) => createSelectedVehicle(server, session, placa);
  const signedInPage = (vehicle: VehicleJson) => openSignedIn(browser, session, vehicle);

  beforeAll(async () => {
    server = await startApp();
    call = apiCaller(server);
    browser = await launchBrowser();
    session = await createUser('alertas.e2e@correo.com', '3105550303', 'ClaveSegura2026');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('enters the SOAT dates through the date modal and the SOAT alert shows them', async () => {
    const vehicle = await createVehicle('JKM482');
    const page = await signedInPage(vehicle);
    await page.goto(`${server.url}/app/alerts`);
    await page.getByRole('heading', { name: 'Alertas' }).waitFor({ timeout: TIMEOUT });
    expect(await page.title()).toBe('Alertas | TOGO');
    await screenshot(page, 'alerts-home');

    await page.getByRole('link', { name: /SOAT/ }).click();
    await page.waitForURL('**/app/alerts/soat', { timeout: TIMEOUT });
    await page.getByRole('region', { name: 'Tu vehículo' }).waitFor({ timeout: TIMEOUT });
    // The loader (the PWA's live region is a status too, always present).
    await page.locator('.truck-loader').waitFor({ state: 'detached', timeout: TIMEOUT });

    await page.getByRole('button', { name: 'Actualiza fechas' }).click();
    const modal = page.getByRole('dialog', { name: 'Por favor actualiza tus fechas' });
    await modal.waitFor();
    await modal.getByLabel('Fecha de expedición').fill('10012026');
    await modal.getByLabel('Fecha de vencimiento').fill('09012027');
    expect(await modal.getByLabel('Fecha de expedición').inputValue()).toBe('10/01/2026');
    await screenshot(page, 'alerts-date-modal');
    await modal.getByRole('button', { name: 'Actualizar' }).click();
    await modal.waitFor({ state: 'detached' });

    const dates = page.getByRole('region', { name: 'Vigencia de tu SOAT' });
    await dates.getByText('09-01-2027').waitFor({ timeout: TIMEOUT });
    await dates.getByText('10-01-2026').waitFor();
    await dates.getByText('Fechas ingresadas por ti.').waitFor();
    // The loader (the PWA's live region is a status too, always present).
    await page.locator('.truck-loader').waitFor({ state: 'detached', timeout: TIMEOUT });
    const saved = await call<{
      data: { fecha_expedicion: string; fecha_vencimiento: string; fuente: string };
    }>(
      'GET',
      `/api/togo/alerta/get_alerta/?id_garaje=${vehicle.id}&code=ALERTA_SOAT`,
      undefined,
      session.token,
    );
    expect(saved.data).toMatchObject({
      fecha_expedicion: '2026-01-10',
      fecha_vencimiento: '2027-01-09',
      fuente: 'usuario',
    });
    await screenshot(page, 'alerts-soat');
    await page.context().close();
  });

  it('checks the fines, lists the current ones and opens a fine detail', async () => {
    let vehicle: VehicleJson | null = null;
    for (const placa of FINE_PLATE_CANDIDATES) {
      const candidate = await createVehicle(placa);
      const fines = await call<{ empty: boolean; data: { cant_comparendos_vehiculo: number } }>(
        'GET',
        `/api/togo/alerta/get_alerta/?id_garaje=${candidate.id}&code=INFRACCION_TRANSITO`,
        undefined,
        session.token,
      );
      if (!fines.empty && fines.data.cant_comparendos_vehiculo > 0) {
        vehicle = candidate;
        break;
      }
    }
    if (!vehicle) throw new Error('none of the candidate plates has current demo fines');

    const page = await signedInPage(vehicle);
    await page.goto(`${server.url}/app/alerts`);
    await page.getByRole('link', { name: /Infracciones/ }).click();
    await page.getByRole('heading', { name: 'Tienes Multas pendientes' }).waitFor({ timeout: TIMEOUT });
    expect(
      await page
        .getByText(/^\$ [\d.]+$/)
        .first()
        .textContent(),
    ).toMatch(/^\$ \d{1,3}(\.\d{3})*$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('infoInfracciones') ?? 'null'));
    expect(stored?.data?.cant_comparendos_vehiculo).toBeGreaterThan(0);
    await screenshot(page, 'alerts-infracciones');

    await page.getByRole('link', { name: 'Consulta tus comparendos' }).click();
    await page.waitForURL('**/app/alerts/comparendos', { timeout: TIMEOUT });
    const first = page.getByRole('link', { name: /^Ver detalle del comparendo/ }).first();
    await first.waitFor({ timeout: TIMEOUT });
    await screenshot(page, 'alerts-comparendos');
    await first.click();
    await page.waitForURL('**/app/alerts/comparendos-detalle/*', { timeout: TIMEOUT });
    const detail = page.getByRole('region').filter({ hasText: 'Número de comparendo' });
    await detail.waitFor({ timeout: TIMEOUT });
    for (const label of ['Categoría', 'Fecha', 'Valor', 'Placa', 'Infractor', 'Estado', 'Descripción']) {
      await detail.getByText(label, { exact: true }).waitFor();
    }
    expect(await detail.textContent()).toContain(vehicle.placa);
    expect(await page.title()).toBe('Detalle del comparendo | TOGO');
    await screenshot(page, 'alerts-fine-detail');
    await page.context().close();
  });

  it('shows the driving licence, saves the kit recharge date and shows pico y placa', async () => {
    const vehicle = await createVehicle('KTV530');
    const page = await signedInPage(vehicle);
    await page.goto(`${server.url}/app/alerts/licencia-conduccion`);
    await page.getByRole('heading', { name: 'Categorías' }).waitFor({ timeout: TIMEOUT });
    // The loader (the PWA's live region is a status too, always present).
    await page.locator('.truck-loader').waitFor({ state: 'detached', timeout: TIMEOUT });
    await screenshot(page, 'alerts-licencia');

    await page.goto(`${server.url}/app/alerts/kit`);
    await page.getByRole('button', { name: 'Actualiza la fecha' }).click();
    const modal = page.getByRole('dialog', {
      name: 'Por favor actualiza la fecha de la última recarga del extintor',
    });
    await modal.getByLabel('Fecha de la última recarga').fill('15032026');
    await modal.getByRole('button', { name: 'Actualizar' }).click();
    await page.getByText('15 de marzo de 2026').waitFor({ timeout: TIMEOUT });
    const kit = await call<{ data: { fecha_expedicion: string | null; fecha_vencimiento: string } }>(
      'GET',
      `/api/togo/alerta/get_alerta/?id_garaje=${vehicle.id}&code=ALERTA_KIT`,
      undefined,
      session.token,
    );
    expect(kit.data).toEqual({ fecha_expedicion: null, fecha_vencimiento: '2026-03-15' });
    // The loader (the PWA's live region is a status too, always present).
    await page.locator('.truck-loader').waitFor({ state: 'detached', timeout: TIMEOUT });
    await screenshot(page, 'alerts-kit');

    await page.goto(`${server.url}/app/alerts/pico-placa`);
    await page.getByRole('heading', { name: /^Pico y Placa en / }).waitFor({ timeout: TIMEOUT });
    const frame = page.locator('iframe');
    await frame.waitFor({ timeout: TIMEOUT });
    expect(await frame.getAttribute('height')).toBe('600');
    expect(await frame.getAttribute('src')).toMatch(/\/bogota$/);
    await screenshot(page, 'alerts-pico-placa');

    await page.goto(`${server.url}/app/alerts/alertas-peritaje`);
    await page.getByRole('button', { name: 'Vehículos livianos' }).click();
    const card = page.getByRole('dialog', { name: 'Vehículos livianos' });
    await card.getByText('IVA incluido').waitFor({ timeout: TIMEOUT });
    await screenshot(page, 'alerts-peritaje-card');
    await card.getByRole('button', { name: 'Agendar' }).click();
    await page.waitForURL('**/app/servicios/peritaje', { timeout: TIMEOUT });
    await page.context().close();
  });
});
