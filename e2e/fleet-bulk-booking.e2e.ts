import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerSnapshots, vehicles } from '../apps/api/src/db/schema.ts';
import { createCompany, type Session } from './support/api-session.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { chromePath, launchBrowser, newMobilePage, screenshot } from './support/browser.ts';

const TIMEOUT = 20_000;

/** Monday 19 Jan 2026, 10:00 in Bogotá: the panel offers Tuesday the 20th, an even date (plates ending 1–5 stay home). */
const NOW = new Date('2026-01-19T15:00:00Z');

/** A fleet vehicle in Bogotá whose RTM expired on 10 Jan 2026 (its registry look-up stored as the job would). */
async function rtmDueVehicle(server: RunningApp, companyId: number, placa: string) {
  const [row] = await server.database.db
    .insert(vehicles)
    .values({
      userId: companyId,
      placa,
      documentoPropietario: '900123456',
      tipoDocumentoPropietario: 5,
      departmentId: 11,
      cityId: 11001,
    })
    .returning({ id: vehicles.id });
  if (!row) throw new Error('vehicle not created');
  await server.database.db.insert(providerSnapshots).values({
    vehicleId: row.id,
    kind: 'registry',
    provider: 'demo',
    status: 'ok',
    data: { soat: { fecha_vencimiento: '2026-12-31' }, rtm: { fecha_vencimiento: '2026-01-10' } },
  });
}

describe.skipIf(!chromePath)('fleet bulk RTM booking (Chromium, 390 px)', () => {
  let server: RunningApp;
  let browser: Browser;
  let company: Session;

  beforeAll(async () => {
    server = await startApp({ now: NOW });
    browser = await launchBrowser();
    company = await createCompany(server, {
      email: 'bulk.e2e@empresa.co',
      phone: '3105551313',
      password: 'ClaveSegura2026',
      nombres: 'Transportes',
      apellidos: 'del Norte',
      identificacion: '900123456',
    });
    for (const placa of ['RTM101', 'RTM106']) await rtmDueVehicle(server, Number(company.userInfo.id), placa);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('warns of pico y placa at the booked hour before confirming, then books both vehicles (issue 37)', async () => {
    const page = await newMobilePage(browser, { now: NOW });
    await page.addInitScript(
      ({ token, userInfo }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('userInfo', userInfo);
      },
      { token: company.token, userInfo: JSON.stringify(company.userInfo) },
    );
    await page.goto(`${server.url}/flota/proximos-servicios`);
    for (const placa of ['RTM101', 'RTM106']) {
      await page.getByRole('checkbox', { name: new RegExp(placa) }).check({ timeout: TIMEOUT });
    }
    await page.getByRole('button', { name: 'Agendar seleccionados' }).click();
    const branch = page.getByLabel('Sede');
    await branch.locator('option:not([value=""])').first().waitFor({ state: 'attached', timeout: TIMEOUT });
    await branch.selectOption({ index: 1 });
    await page.getByLabel('Hora para RTM106').waitFor({ timeout: TIMEOUT });

    // RTM101 (ends in 1) has pico y placa in Bogotá on the 20th at any of the branch's hours; RTM106 does not.
    const warning = page.getByText(/RTM101 tiene pico y placa en Bogotá/);
    await warning.waitFor({ timeout: TIMEOUT });
    expect(await warning.textContent()).toMatch(/a las \d{1,2}:00 [ap]\. m\. no podrá ir a la sede\.$/);
    expect(await page.getByText(/RTM106 tiene pico y placa/).count()).toBe(0);
    await screenshot(page, 'fleet-bulk-booking-pico-placa-390');

    // A warning, not a refusal: the company confirms (an exempt vehicle, say) and both are booked on the 20th.
    const confirm = page.getByRole('button', { name: 'Confirmar agendamiento' });
    // At 390 px nothing is wider than the screen (a branch's long name widened the card).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await confirm.click();
    await page
      .getByRole('heading', { name: '¡Listo! Se agendaron 2 vehículos.' })
      .waitFor({ timeout: TIMEOUT });
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /^20-01-2026 en / })
        .count(),
    ).toBe(1);
    await screenshot(page, 'fleet-bulk-booking-done-390');

    // Back in the list, each booked vehicle shows its appointment instead of 'Agendar', also after a reload.
    await page.getByRole('button', { name: 'Cerrar' }).click();
    const appointments = page.getByRole('link', { name: /^Agendada el 20-01-2026, / });
    await appointments.nth(1).waitFor({ timeout: TIMEOUT });
    await page.reload();
    await appointments.nth(1).waitFor({ timeout: TIMEOUT });
    expect(await appointments.count()).toBe(2);
    expect(await page.getByRole('checkbox', { name: /RTM101/ }).count()).toBe(0);
  }, 120_000);
});
