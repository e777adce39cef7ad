import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  apiCaller,
  createClient,
  createSelectedVehicle,
  signedInPage,
  type Session,
} from './support/api-session.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { chromePath, launchBrowser, newDesktopPage, screenshot } from './support/browser.ts';

/**
 * User support journey (issue 13, decision 031): the admin invites a soporte staff member through the API; they
 * accept the invitation, sign in to the console, find a driver by plate, open the detail and revoke the driver's
 * sessions — the driver's token is then refused (401). Screenshots of the look-up and the detail at 1280 and
 * 390 px.
 */
const ADMIN = { correo: 'admin.soporte@togo.test', clave: 'clave-admin-segura' };
const SOPORTE = { correo: 'soporte@togo.test', clave: 'clave-soporte-segura' };
const PLACA = 'SPT482';

describe.skipIf(!chromePath)('operator user support', () => {
  let server: RunningApp;
  let browser: Browser;
  let driver: Session;
  let vehicle: Awaited<ReturnType<typeof createSelectedVehicle>>;

  beforeAll(async () => {
    server = await startApp({ env: { ADMIN_EMAIL: ADMIN.correo, ADMIN_PASSWORD: ADMIN.clave } });
    browser = await launchBrowser();
    const call = apiCaller(server);

    // The admin invites soporte; the one-time link arrives through the dev outbox.
    const admin = await call<{ token: string }>('POST', '/api/operador/sesion/', ADMIN);
    await call(
      'POST',
      '/api/operador/staff/',
      { correo: SOPORTE.correo, nombre: 'Sofía Soporte', rol: 'soporte' },
      admin.token,
    );
    const [invitation] = await server.database.query<{ body: string }>(
      `select body from outbox_messages where "to" = $1 order by id desc limit 1`,
      [SOPORTE.correo],
    );
    const token = /invitacion\?token=([A-Za-z0-9_-]+)/.exec(invitation?.body ?? '')?.[1];
    expect(token).toBeTruthy();
    await call('POST', '/api/operador/invitacion/aceptar/', { token, clave: SOPORTE.clave });

    // A driver with a vehicle, signed in.
    driver = await createClient(server, {
      email: 'conductora.soporte@correo.com',
      phone: '3157770011',
      password: 'ClaveSegura123',
      nombres: 'Lucía',
      apellidos: 'Gómez',
    });
    vehicle = await createSelectedVehicle(server, driver, PLACA);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('soporte finds a driver by plate, opens the detail and revokes their sessions', async () => {
    const myBookings = () =>
      fetch(`${server.url}/api/togo/agendamientos/`, { headers: { authorization: `Token ${driver.token}` } });
    expect((await myBookings()).status).toBe(200);

    const page = await newDesktopPage(browser);
    await page.setViewportSize({ width: 1280, height: 800 });
    // Sign-in screen of the console shell (decision 029); soporte has no TOTP requirement here.
    await page.goto(`${server.url}/operador/ingresar`);
    await page.getByLabel('Correo').fill(SOPORTE.correo);
    await page.getByLabel('Clave', { exact: true }).fill(SOPORTE.clave);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByRole('link', { name: 'Soporte a usuarios' }).first().click();
    await page.getByRole('heading', { name: 'Soporte a usuarios' }).waitFor();

    await page.getByLabel('Buscar conductor').fill(PLACA.toLowerCase());
    await page.getByRole('button', { name: 'Buscar' }).click();
    const result = page.getByRole('link', { name: 'Lucía Gómez' });
    await result.waitFor();
    await screenshot(page, 'operator-support-search-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'operator-support-search-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    await result.click();
    await page.getByRole('heading', { name: 'Lucía Gómez' }).waitFor();
    await page.getByRole('tabpanel').getByText(PLACA).waitFor();
    await screenshot(page, 'operator-support-detail-1280');

    await page.getByRole('button', { name: 'Cerrar sesiones' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('¿Cerrar todas las sesiones de Lucía Gómez?').waitFor();
    await screenshot(page, 'operator-support-confirm-1280');
    await dialog.getByRole('button', { name: 'Sí, cerrar sesiones' }).click();
    await page.getByText('Se cerró 1 sesión.').waitFor();
    expect((await myBookings()).status).toBe(401);

    // The driver's app, opened again on their phone, shows the sign-in saying why (issue 38: it showed an empty
    // garage, "Aún no tienes vehículos", as its reads were refused).
    const phone = await signedInPage(browser, driver, vehicle);
    await phone.goto(`${server.url}/app/home`);
    await phone.getByText('Tu sesión se cerró. Inicia sesión de nuevo para continuar.').waitFor();
    expect(new URL(phone.url()).pathname).toBe('/auth/login');
    expect(await phone.getByText(/Aún no tienes vehículos/).count()).toBe(0);
    expect(await phone.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshot(phone, 'operator-support-driver-signed-out-390');
    await phone.close();

    await page.getByRole('tab', { name: /Agendamientos/ }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'operator-support-detail-390');

    // The audit log has the action, by this staff member.
    const [audit] = await server.database.query<{ accion: string; staff_email: string }>(
      `select accion, staff_email from audit_log where accion like 'usuario.%' order by id desc limit 1`,
    );
    expect(audit).toEqual({ accion: 'usuario.revocar_sesiones', staff_email: SOPORTE.correo });
  }, 120_000);
});
