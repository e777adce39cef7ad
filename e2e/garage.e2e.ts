import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server.ts';
import { waitForLoginReload } from './support/access.ts';
import { createClient } from './support/api-session.ts';
import { chromePath, launchBrowser, newMobilePage, screenshot } from './support/browser.ts';

const TIMEOUT = 15_000;

describe.skipIf(!chromePath)('garage journeys (Chromium)', () => {
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

  const NAMES = { nombres: 'Camila Andrea', apellidos: 'Rodríguez Peña' };

  async function fillGarage(page: Page, plate: string, mileage: string) {
    await page.getByLabel('Placa').fill(plate);
    await page.getByLabel('Kilometraje').pressSequentially(mileage);
    const department = page.getByLabel('Departamento');
    await expect.poll(() => department.locator('option').count(), { timeout: TIMEOUT }).toBeGreaterThan(30);
    await department.selectOption({ label: 'Bogotá, D.C.' });
    const city = page.getByLabel('Ciudad');
    await expect.poll(() => city.locator('option').count(), { timeout: TIMEOUT }).toBe(2);
    await city.selectOption({ index: 1 });
    expect(await city.locator('option:checked').textContent()).toMatch(/^Bogotá/);
    await page.getByLabel('Tipo de documento').selectOption({ label: 'Cédula de ciudadanía' });
    await page.getByLabel('Número de documento').fill('1020304050');
  }

  it('signs in, chooses Persona, creates the garage, adds a second vehicle and switches plates', async () => {
    const page = await newMobilePage(browser);
    const person = { email: 'garaje.e2e@correo.com', phone: '3105550303', password: 'ClaveSegura2026' };
    await createClient(server, { ...person, ...NAMES });

    await page.goto(`${server.url}/auth/login`);
    await page.getByRole('button', { name: 'Correo' }).click();
    await page.getByLabel('Correo electrónico').fill(person.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/user-type', { timeout: TIMEOUT });
    await waitForLoginReload(page);
    await page.getByRole('button', { name: 'Persona', exact: true }).click();
    await page.waitForURL('**/user-type/garaje', { timeout: TIMEOUT });

    // The first garage: plate typed in lower case, mileage with stray characters.
    await page.getByRole('heading', { name: 'Crea tu garaje' }).waitFor();
    const create = page.getByRole('button', { name: 'Crear garaje' });
    expect(await create.getAttribute('aria-disabled')).toBe('true');
    await create.click({ force: true }); // inactive but pressable: an invalid submit marks every field

    await expect.poll(() => page.getByText('Este campo es obligatorio').count()).toBe(6);
    await fillGarage(page, 'gkm123', '45.000 km');
    expect(await page.getByLabel('Kilometraje').inputValue()).toBe('45000');
    await screenshot(page, 'garage-form-filled');
    await page.getByRole('button', { name: 'Crear garaje' }).click();
    const success = page.getByRole('dialog', { name: '¡Vehículo agregado!' });
    await success.waitFor({ timeout: TIMEOUT });
    expect(await success.textContent()).toContain('GKM123');
    await success.getByRole('button', { name: 'Ir al home' }).click();

    // First sign-in: 'Recuerda', then the install tutorial; its back button (nothing chosen) goes home.
    const reminder = page.getByRole('dialog', { name: 'Recuerda' });
    await reminder.waitFor();
    await reminder.getByRole('button').click();
    await page.waitForURL('**/app/otros/tutorial', { timeout: TIMEOUT });
    await page.getByRole('heading', { name: 'Instalación TOGO' }).waitFor({ timeout: TIMEOUT });
    await page.getByRole('button', { name: 'Volver' }).click();
    await page.waitForURL('**/app/home', { timeout: TIMEOUT });

    await page
      .getByRole('heading', { name: 'Hola, CAMILA ANDREA RODRÍGUEZ PEÑA' })
      .waitFor({ timeout: TIMEOUT });
    await page.getByRole('button', { name: /Vehículo seleccionado: GKM123/ }).waitFor({ timeout: TIMEOUT });
    expect(await page.title()).toBe('Inicio | TOGO');
    expect(await page.evaluate(() => localStorage.getItem('empty'))).toBeNull();
    expect(await page.getByRole('link', { name: 'Alertas' }).getAttribute('href')).toBe('/app/alerts');

    // A second vehicle from the app.
    await page.goto(`${server.url}/app/garaje-personal/nuevo-vehiculo?from=app`);
    await fillGarage(page, 'XYZ98D', '1200');
    await page.getByRole('button', { name: 'Crear garaje' }).click();
    const second = page.getByRole('dialog', { name: '¡Vehículo agregado!' });
    await second.waitFor({ timeout: TIMEOUT });
    await second.getByRole('button', { name: 'Ir al home' }).click();
    await page.waitForURL('**/app/home', { timeout: TIMEOUT });

    // Switch plates with the selector.
    await page.getByRole('button', { name: /Vehículo seleccionado: GKM123/ }).click({ timeout: TIMEOUT });
    const overlay = page.getByRole('dialog', { name: 'Selecciona tu vehículo' });
    await overlay.waitFor();
    await screenshot(page, 'garage-plate-selector');
    await overlay.getByRole('button', { name: 'XYZ98D' }).click();
    await page.getByRole('button', { name: /Vehículo seleccionado: XYZ98D/ }).waitFor({ timeout: TIMEOUT });
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('vehicleSelected') ?? '{}'));
    expect(stored).toMatchObject({ placa: 'XYZ98D' });
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await expect
      .poll(
        async () => {
          const res = await fetch(`${server.url}/api/togo/vehicle/get_garaje_selected/`, {
            headers: { Authorization: `Token ${token}` },
          });
          return ((await res.json()) as { placa?: string }).placa;
        },
        { timeout: TIMEOUT },
      )
      .toBe('XYZ98D');

    await page
      .getByText('¡Felicitaciones!, no tienes alertas disponibles')
      .or(page.locator('.home-note').first())
      .waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'garage-home');

    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('link', { name: 'Política de privacidad' }).waitFor({ timeout: TIMEOUT });
    expect(await page.getByRole('link', { name: 'Política de privacidad' }).getAttribute('href')).toBe(
      '/static/legal/politica-de-privacidad.pdf',
    );
    await screenshot(page, 'garage-home-menu');
    await page.context().close();
  });

  it('a user without a garage sees the empty home and the guard dialog', async () => {
    const page = await newMobilePage(browser);
    const person = { email: 'sin.garaje.e2e@correo.com', phone: '3105550404', password: 'ClaveSegura2026' };
    const session = await createClient(server, { ...person, ...NAMES });
    await page.goto(`${server.url}/auth`);
    await page.evaluate(({ token, userInfo }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userInfo', JSON.stringify({ ...userInfo, is_first_login_togo: false }));
    }, session);
    await page.goto(`${server.url}/app/home`);
    await page.getByText('Aún no tienes vehículos en tu garaje.').waitFor({ timeout: TIMEOUT });
    expect(await page.getByRole('link', { name: 'Servicios' }).getAttribute('aria-disabled')).toBe('true');
    await screenshot(page, 'garage-home-empty');
    await page.getByRole('link', { name: 'Tu Garaje' }).click();
    const guard = page.getByRole('alertdialog', { name: '¡No olvides configurar tu garaje en TOGO!' });
    await guard.waitFor({ timeout: TIMEOUT });
    await screenshot(page, 'garage-guard');
    await guard.getByRole('button', { name: 'Configurar Garaje' }).click();
    await page.waitForURL('**/app/garaje-personal/nuevo-vehiculo', { timeout: TIMEOUT });
    await page.context().close();
  });
});
