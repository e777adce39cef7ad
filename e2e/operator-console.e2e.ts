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
  }, 60_000);

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

    // The same session on a phone-sized viewport: the navigation collapses behind the menu button.
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'operator-dashboard-390');
    await page.getByRole('button', { name: /Menú/ }).click();
    await page
      .getByRole('navigation', { name: 'Secciones de la consola' })
      .getByRole('link', { name: 'Inicio' })
      .waitFor();
    await screenshot(page, 'operator-menu-390');
  }, 120_000);
});
