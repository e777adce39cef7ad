import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSelectedVehicle, type VehicleJson } from './support/api-session.ts';
import { chromePath, newMobilePage, screenshot } from './support/browser.ts';
import { signInOnce, startDriverJourney, type DriverJourney } from './support/driver-journey.ts';

const TIMEOUT = 20_000;
const SAVED_BANNER = 'Sin conexión: mostrando los últimos datos guardados';

/**
 * Issue 14 'Offline' on a 390 px phone (decision 040): home, SOAT and RTM visited online are shown from the
 * service worker's cache after a reload without a connection; a screen never visited says 'Sin datos guardados'.
 * The worker needs the production build (apps/web/dist) that the e2e app server serves.
 */
describe.skipIf(!chromePath)("drivers' offline screens (Chromium, 390 px)", () => {
  let journey: DriverJourney;
  let other: VehicleJson;

  beforeAll(async () => {
    journey = await startDriverJourney({
      client: {
        email: 'sinred.e2e@correo.com',
        phone: '3015550606',
        password: 'ClaveSegura2026',
        nombres: 'Natalia',
        apellidos: 'Ospina Vélez',
      },
      placa: 'OFL123',
      mileage: '23000',
    });
    const { server, session, call } = journey;
    // A second vehicle whose screens are never opened online; the first stays the selected one.
    other = await createSelectedVehicle(server, session, 'OFL456', '5000');
    journey.vehicle = await call<VehicleJson>(
      'PUT',
      `/api/togo/vehicle/${journey.vehicle.id}/set_garaje_selected/`,
      {},
      session.token,
    );
  });

  afterAll(async () => {
    await journey?.close();
  });

  /** The main date of the dates card titled `title` ('dd-MM-yyyy'). */
  async function mainDate(page: Page, title: string): Promise<string> {
    const card = page.getByRole('region', { name: title });
    // The card holds its place with a dash until the answer (no layout shift): the date is what comes after.
    const value = card
      .locator('.date-fact--main .date-fact__value span')
      .first()
      .filter({ hasNotText: /^—$/ });
    await value.waitFor({ timeout: TIMEOUT });
    return ((await value.textContent()) ?? '').trim();
  }

  it('home, SOAT and RTM reload offline with the saved data; a screen never visited says so', async () => {
    const { server, browser, session, vehicle } = journey;
    const page = await newMobilePage(browser);
    const context = page.context();
    await signInOnce(page, server.url, session, vehicle);

    // Online: the worker takes control, then one load under it saves the API answers.
    await page.goto(`${server.url}/app/home`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: TIMEOUT,
    });
    await page.reload();
    const plate = page.getByRole('button', { name: /Vehículo seleccionado: OFL123/ });
    await plate.waitFor({ timeout: TIMEOUT });
    const pyp = page.locator('a.home-pyp');
    await pyp.waitFor({ timeout: TIMEOUT });
    const pypText = ((await pyp.textContent()) ?? '').trim();
    expect(pypText).toMatch(/^Hoy /);
    await page.waitForLoadState('networkidle');

    await page.goto(`${server.url}/app/alerts/soat`);
    const soat = await mainDate(page, 'Vigencia de tu SOAT');
    await page.waitForLoadState('networkidle');
    await page.goto(`${server.url}/app/alerts/rtm`);
    const rtm = await mainDate(page, 'Vigencia de tu revisión');
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    try {
      await page.goto(`${server.url}/app/home`);
      await plate.waitFor({ timeout: TIMEOUT });
      await page.getByText(SAVED_BANNER).waitFor({ timeout: TIMEOUT });
      expect(((await pyp.textContent()) ?? '').trim()).toBe(pypText);
      expect(await page.getByText('Aún no tienes vehículos en tu garaje.').count()).toBe(0);
      await screenshot(page, 'offline-home');

      await page.goto(`${server.url}/app/alerts/soat`);
      expect(await mainDate(page, 'Vigencia de tu SOAT')).toBe(soat);
      await page.getByText(SAVED_BANNER).waitFor({ timeout: TIMEOUT });
      await screenshot(page, 'offline-soat');

      await page.goto(`${server.url}/app/alerts/rtm`);
      expect(await mainDate(page, 'Vigencia de tu revisión')).toBe(rtm);
      await screenshot(page, 'offline-rtm');

      // The other vehicle's RTM was never opened: nothing saved, said plainly with the offline notice.
      await page.evaluate((v) => localStorage.setItem('vehicleSelected', JSON.stringify(v)), other);
      await page.reload();
      const card = page.getByRole('region', { name: 'Vigencia de tu revisión' });
      await card.getByText('Sin datos guardados', { exact: true }).waitFor({ timeout: TIMEOUT });
      await page
        .getByRole('status')
        .filter({ hasText: /^Sin conexión/ })
        .waitFor({ timeout: TIMEOUT });
      expect(await page.getByRole('link', { name: 'Agendar RTM' }).count()).toBe(1);
      await screenshot(page, 'offline-rtm-nothing-saved');
    } finally {
      await context.setOffline(false);
    }
    await context.close();
  });
});
