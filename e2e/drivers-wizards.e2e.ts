import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPage } from './support/api-session.ts';
import { chromePath, screenshot } from './support/browser.ts';
import { startDriverJourney, type DriverJourney } from './support/driver-journey.ts';

const TIMEOUT = 15_000;

/** The wizard's step heading (ServiceScreen's h1). */
const stepHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true }).waitFor({ timeout: TIMEOUT });

/**
 * Waits until the step on screen has its own history entry: it is pushed in an effect, which may run just after
 * the paint on a busy machine, and a back before it would leave the wizard (as in drivers-loop).
 */
const historyAt = (page: Page, step: string) =>
  page.waitForFunction(
    (flowStep) => (history.state as { usr?: { flowStep?: string } } | null)?.usr?.flowStep === flowStep,
    step,
  );

const pressed = (page: Page, name: string | RegExp) =>
  page
    .getByRole('button', typeof name === 'string' ? { name, exact: true } : { name })
    .getAttribute('aria-pressed');

/**
 * Issue 14 'back button' for the peritaje and trámite wizards on a 390 px phone (the RTM one is in
 * drivers-loop): each browser back goes to the previous step with its choices kept, forward comes back, and a
 * reload keeps the step.
 */
describe.skipIf(!chromePath)("drivers' wizards and the back button (Chromium, 390 px)", () => {
  let journey: DriverJourney;

  beforeAll(async () => {
    journey = await startDriverJourney({
      client: {
        email: 'asistentes.e2e@correo.com',
        phone: '3015550404',
        password: 'ClaveSegura2026',
        nombres: 'Julián',
        apellidos: 'Restrepo Mejía',
      },
      placa: 'WZD482',
      mileage: '61000',
    });
  });

  afterAll(async () => {
    await journey?.close();
  });

  it('peritaje: group → fuel → form → combos → combo detail, then back, forward and reload', async () => {
    const { server, browser, session, vehicle } = journey;
    const page = await signedInPage(browser, session, vehicle);
    await page.goto(`${server.url}/app/servicios/peritaje`);
    await stepHeading(page, 'Peritaje');
    await page.getByRole('button', { name: /^Livianos/ }).click();
    await stepHeading(page, 'Tipo de vehículo');
    await page.getByRole('button', { name: 'Gasolina', exact: true }).click();
    await stepHeading(page, 'Tus datos');
    expect(await page.getByLabel('Placa').inputValue()).toBe('WZD482');
    await page.getByLabel('Nombre de quien recibe el resultado físico').fill('Julián Restrepo');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await stepHeading(page, 'Elige tu combo');
    const combo = page.locator('.combo-list .choice-card').first();
    await combo.waitFor({ timeout: TIMEOUT });
    const comboName = ((await combo.locator('.choice-card__title').textContent()) ?? '').trim();
    await combo.click();
    await stepHeading(page, 'Detalle del combo');
    await page.getByText(comboName).first().waitFor({ timeout: TIMEOUT });

    // The browser's back, one step at a time, with every choice kept.
    await historyAt(page, 'detalle');
    await page.goBack();
    await stepHeading(page, 'Elige tu combo');
    await page.goBack();
    await stepHeading(page, 'Tus datos');
    expect(await page.getByLabel('Nombre de quien recibe el resultado físico').inputValue()).toBe(
      'Julián Restrepo',
    );
    await page.goBack();
    await stepHeading(page, 'Tipo de vehículo');
    expect(await pressed(page, 'Gasolina')).toBe('true');
    await page.goBack();
    await stepHeading(page, 'Peritaje');
    expect(await pressed(page, /^Livianos/)).toBe('true');
    expect(page.url()).toContain('/app/servicios/peritaje');
    await screenshot(page, 'wizards-peritaje-back-to-first');

    // Forward again to the combo's detail.
    await page.goForward();
    await stepHeading(page, 'Tipo de vehículo');
    await page.goForward();
    await stepHeading(page, 'Tus datos');
    await page.goForward();
    await stepHeading(page, 'Elige tu combo');
    await page.goForward();
    await stepHeading(page, 'Detalle del combo');

    // A reload keeps the step and the combo.
    await page.reload();
    await stepHeading(page, 'Detalle del combo');
    await page.getByText(comboName).first().waitFor({ timeout: TIMEOUT });
    await screenshot(page, 'wizards-peritaje-reloaded');
    await page.context().close();
  });

  it('trámite: two trámites → detail → branch → agenda, then back, forward and reload', async () => {
    const { server, browser, session, vehicle } = journey;
    const page = await signedInPage(browser, session, vehicle);
    await page.goto(`${server.url}/app/servicios/tramite`);
    await stepHeading(page, 'Trámites');
    const options = page.locator('.tramite-list button[aria-pressed]');
    await options.first().waitFor({ timeout: TIMEOUT });
    const first = (await options.nth(0).getAttribute('aria-label')) ?? '';
    const second = (await options.nth(1).getAttribute('aria-label')) ?? '';
    await options.nth(0).click();
    await options.nth(1).click();
    await page.getByRole('button', { name: 'Continuar con 2 trámites' }).click();
    await stepHeading(page, 'Detalle de los trámites');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await stepHeading(page, 'Elige la sede');
    const city = page.getByLabel('Ciudad');
    await city.locator('option[value="11001"]').waitFor({ state: 'attached', timeout: TIMEOUT });
    if ((await city.inputValue()) !== '11001') await city.selectOption('11001');
    await page.locator('.branch-card').first().click({ timeout: TIMEOUT });
    await stepHeading(page, 'Agenda tu cita');

    await historyAt(page, 'agenda');
    await page.goBack();
    await stepHeading(page, 'Elige la sede');
    expect(await page.getByLabel('Ciudad').inputValue()).toBe('11001');
    await page.locator('.branch-card').first().waitFor({ timeout: TIMEOUT });
    await page.goBack();
    await stepHeading(page, 'Detalle de los trámites');
    expect(await page.locator('.detail-card__tasks li').count()).toBe(2);
    await page.goBack();
    await stepHeading(page, 'Trámites');
    expect(await pressed(page, first)).toBe('true');
    expect(await pressed(page, second)).toBe('true');
    await page.getByRole('button', { name: 'Continuar con 2 trámites' }).waitFor();
    await screenshot(page, 'wizards-tramite-back-to-first');

    await page.goForward();
    await stepHeading(page, 'Detalle de los trámites');
    await page.goForward();
    await stepHeading(page, 'Elige la sede');
    await page.goForward();
    await stepHeading(page, 'Agenda tu cita');
    await page.reload();
    await stepHeading(page, 'Agenda tu cita');
    await page.locator('.date-strip__day').first().waitFor({ timeout: TIMEOUT });
    await screenshot(page, 'wizards-tramite-reloaded');
    await page.context().close();
  });
});
