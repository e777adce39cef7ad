import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPage as openSignedIn } from './support/api-session.ts';
import { chromePath, screenshot } from './support/browser.ts';
import { startDriverJourney, type DriverJourney } from './support/driver-journey.ts';

const TIMEOUT = 15_000;

/** Issue 14 polish on a 390 px phone: the promotions strip, the branch step without tiles, vehicle value. */
describe.skipIf(!chromePath)("drivers' polish (Chromium, 390 px)", () => {
  let journey: DriverJourney;

  beforeAll(async () => {
    journey = await startDriverJourney({
      env: { USD_COP_RATE: '4000', USD_COP_RATE_DATE: '2026-11-01' },
      client: {
        email: 'pulido.e2e@correo.com',
        phone: '3015550808',
        password: 'ClaveSegura2026',
        nombres: 'Laura',
        apellidos: 'Martínez',
      },
      placa: 'PQR654',
      mileage: '11001',
    });
  });

  afterAll(async () => {
    await journey?.close();
  });

  it("the first promotion card's text starts inside the screen", async () => {
    const { server, browser, session, vehicle } = journey;
    const page = await openSignedIn(browser, session, vehicle);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${server.url}/app/home`);
    const card = page.locator('.marquee__list:not([aria-hidden]) .promo-card').first();
    await card.waitFor({ timeout: TIMEOUT });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'polish-home-promotions');
    // The page's content column starts at 20 px; the strip's fade is 12 px wide.
    expect((await card.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(20);
    await page.context().close();
  });

  it('the branch step draws Colombia without a tile server and links each branch to Google Maps and Waze', async () => {
    const { server, browser, session, vehicle } = journey;
    const page = await openSignedIn(browser, session, vehicle);
    await page.goto(`${server.url}/app/alerts/rtm`);
    await page.getByRole('link', { name: 'Agendar RTM' }).click({ timeout: TIMEOUT });
    await page.locator('.branch-card').first().waitFor({ timeout: TIMEOUT });
    await page.waitForFunction(
      () => document.querySelectorAll('.leaflet-overlay-pane path').length >= 33,
      null,
      {
        timeout: TIMEOUT,
      },
    );
    const first = page.locator('.branch-item').first();
    expect(await first.getByRole('link', { name: /con Google Maps$/ }).getAttribute('href')).toMatch(
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/,
    );
    expect(await first.getByRole('link', { name: /con Waze$/ }).getAttribute('href')).toMatch(
      /^https:\/\/waze\.com\/ul\?/,
    );
    await screenshot(page, 'polish-branch-basemap');
    await page.locator('.branch-card').first().click();
    await page.getByRole('button', { name: 'Continuar' }).click({ timeout: TIMEOUT });
    await page.locator('.date-strip__months').waitFor({ timeout: TIMEOUT });
    expect(await page.locator('.date-strip__months').textContent()).toMatch(/20\d\d$/);
    await screenshot(page, 'polish-date-strip');
    await page.context().close();
  });
});
