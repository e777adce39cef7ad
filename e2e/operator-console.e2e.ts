import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chromePath, launchBrowser, newDesktopPage, screenshot } from './support/browser.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { enrolTotp, signInToConsole, signOutOfConsole } from './support/operator-session.ts';

/**
 * Operator console journey (issue 13, docs/decisions/029): the first admin (ADMIN_EMAIL/ADMIN_PASSWORD) must
 * use TOTP (OPERATOR_TOTP_ROLES=admin): signs in, enrols from the QR's secret, signs out, signs in with a
 * code, sees the dashboard, invites a staff member and opens the audit log. Screenshots at 1280 and 390 px.
 */
const ADMIN = { correo: 'admin@togo.test', clave: 'clave-admin-segura' };

describe.skipIf(!chromePath)('operator console', () => {
  let server: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    server = await startApp({
      env: { ADMIN_EMAIL: ADMIN.correo, ADMIN_PASSWORD: ADMIN.clave, OPERATOR_TOTP_ROLES: 'admin' },
    });
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('admin: sign in, enrol TOTP, sign out, sign in with a code, dashboard', async () => {
    const page = await newDesktopPage(browser);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/operador/`);
    await page.getByRole('heading', { name: 'Ingresar' }).waitFor();
    await screenshot(page, 'operator-signin-1280');

    await signInToConsole(page, server.url, ADMIN);
    await page.getByRole('heading', { name: 'Activa la verificación en dos pasos' }).waitFor();
    await screenshot(page, 'operator-totp-enrol-1280');
    const secret = await enrolTotp(page);
    await page.getByRole('heading', { name: 'Inicio' }).waitFor();

    await signOutOfConsole(page);
    await signInToConsole(page, server.url, { ...ADMIN, secret });
    await page.getByRole('heading', { name: 'Inicio' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/operador\/?$/);
    await screenshot(page, 'operator-dashboard-1280');

    // Invite a staff member, then find the invitation in the audit log.
    const nav = page.getByRole('navigation', { name: 'Secciones de la consola' });
    await nav.getByRole('link', { name: 'Equipo' }).click();
    await page.getByLabel('Correo', { exact: true }).fill('luis.ops@togo.test');
    await page.getByLabel('Nombre', { exact: true }).fill('Luis Operaciones');
    await page.getByLabel('Rol', { exact: true }).selectOption('operaciones');
    await page.getByRole('button', { name: 'Enviar invitación' }).click();
    await page.getByText('Invitación enviada a luis.ops@togo.test.').waitFor();
    await page.getByRole('cell', { name: 'Luis Operaciones' }).waitFor();
    await screenshot(page, 'operator-staff-1280');
    await nav.getByRole('link', { name: 'Auditoría' }).click();
    await page.getByRole('cell', { name: ADMIN.correo }).first().waitFor();
    await screenshot(page, 'operator-audit-1280');
    await nav.getByRole('link', { name: 'Inicio' }).click();
    await page.getByRole('heading', { name: 'Ingresos pagados hoy' }).waitFor();

    // The same session on a phone-sized viewport: the navigation collapses behind the menu button.
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'operator-dashboard-390');
    await page.getByRole('button', { name: /Menú/ }).click();
    await page
      .getByRole('navigation', { name: 'Secciones de la consola' })
      .getByRole('link', { name: 'Inicio' })
      .waitFor();
    await screenshot(page, 'operator-menu-390');
    await page
      .getByRole('navigation', { name: 'Secciones de la consola' })
      .getByRole('link', { name: 'Auditoría' })
      .click();
    await page.getByRole('heading', { name: 'Auditoría' }).waitFor();
    await screenshot(page, 'operator-audit-390');
  }, 120_000);
});
