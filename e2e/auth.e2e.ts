import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server.ts';
import {
  fillCode,
  registerThroughUi as register,
  startSignUpThroughUi,
  signIn as login,
  waitForLoginReload,
} from './support/access.ts';
import type { Person } from './support/access.ts';
import { createClient, createSelectedVehicle, signedInPage } from './support/api-session.ts';
import { chromePath, launchBrowser, newMobilePage, screenshot } from './support/browser.ts';

const TIMEOUT = 15_000;

/** Holds the app's entry script back until the returned function is called: the page is its HTML alone. */
async function holdAppEntry(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe.skipIf(!chromePath)('access journeys (Chromium)', () => {
  let server: RunningApp;
  let browser: Browser;
  const registerThroughUi = (page: Page, person: Person) => register(page, server, person);
  const signIn = (page: Page, email: string, password: string) => login(page, server, email, password);

  beforeAll(async () => {
    server = await startApp();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('registers, reads the code from the outbox, signs in, chooses Persona and reaches the garage route', async () => {
    const page = await newMobilePage(browser);
    const person = { email: 'camila.e2e@correo.com', phone: '3105550101', password: 'ClaveSegura2026' };
    await registerThroughUi(page, person);
    await signIn(page, person.email, person.password);
    await page.waitForURL('**/user-type', { timeout: TIMEOUT });
    // The sign-in reloads the page 500 ms later: a click before that reload would be lost in it.
    await waitForLoginReload(page);
    await page.getByText('¿Qué tipo de usuario eres?').waitFor();
    await page.getByRole('button', { name: 'Persona', exact: true }).click();
    await page.waitForURL('**/user-type/garaje', { timeout: TIMEOUT });
    await page.getByRole('heading', { name: 'Crea tu garaje' }).waitFor();
    expect(await page.title()).toBe('Crea tu garaje | TOGO');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}'));
    expect(stored).toMatchObject({ email: person.email, is_first_login_togo: false, ids_roles: [1] });
    await screenshot(page, 'register-persona-garaje');
    await page.context().close();
  });

  it('sign-up: a wrong code keeps the code screen and the form; the right one creates the account (issue 36)', async () => {
    const page = await newMobilePage(browser);
    const person = { email: 'codigo.e2e@correo.com', phone: '3105550303', password: 'ClaveSegura2026' };
    await startSignUpThroughUi(page, server, person);
    const right = await server.lastCode(person.email);
    const wrong = right === '0000' ? '1111' : '0000';

    await fillCode(page, wrong);
    await page.getByRole('button', { name: 'Verificar' }).click();
    const refusal = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await refusal.getByText('El código ingresado es incorrecto.').waitFor({ timeout: TIMEOUT });
    await screenshot(page, 'signup-wrong-code');
    await refusal.getByRole('button').last().click();
    // Still on the code screen, the boxes emptied to type it again; no new code was sent.
    expect(new URL(page.url()).pathname).toBe('/auth/send-code');
    expect(await page.getByLabel('Dígito 1 de 4').inputValue()).toBe('');
    expect(await server.lastCode(person.email)).toBe(right);

    await fillCode(page, right);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page
      .getByText('Tu cuenta se ha creado con éxito, empecemos a rodar juntos.')
      .waitFor({ timeout: TIMEOUT });
    await page
      .getByRole('button', { name: /aceptar|continuar|entendido|ok/i })
      .first()
      .click();
    await page.waitForURL('**/auth/login', { timeout: TIMEOUT });
    await signIn(page, person.email, person.password);
    await page.waitForURL('**/user-type', { timeout: TIMEOUT });
    await page.context().close();
  });

  it('resets the password by email and signs in with the new one', async () => {
    const page = await newMobilePage(browser);
    const person = { email: 'reset.e2e@correo.com', phone: '3105550202', password: 'ClaveVieja2026' };
    await registerThroughUi(page, person);
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.getByRole('button', { name: /Correo electrónico/ }).click();
    await page.getByRole('dialog').getByLabel('Correo electrónico').fill(person.email);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.waitForURL('**/auth/send-code', { timeout: TIMEOUT });
    // The registration code was the last one; wait for the reset code (a newer message).
    await expect
      .poll(
        async () => {
          const res = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(person.email)}`);
          const list = (await res.json()) as { subject: string }[];
          return list[0]?.subject ?? '';
        },
        { timeout: TIMEOUT },
      )
      .toContain('restablecer');
    await fillCode(page, await server.lastCode(person.email));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL('**/auth/change-password', { timeout: TIMEOUT });
    await page.getByLabel('Nueva contraseña').fill('ClaveNueva2026');
    await page.getByLabel('Confirmar contraseña').fill('ClaveNueva2026');
    await page.getByRole('button', { name: /Cambiar|Guardar|Actualizar/ }).click();
    const success = page.getByRole('dialog');
    await success.waitFor({ timeout: TIMEOUT });
    await screenshot(page, 'reset-password-success');
    await success.getByRole('button').first().click();
    await page.waitForURL('**/auth/login', { timeout: TIMEOUT });
    await signIn(page, person.email, 'ClaveNueva2026');
    await page.waitForURL('**/user-type', { timeout: TIMEOUT });
    await waitForLoginReload(page);
    await page.getByText('¿Qué tipo de usuario eres?').waitFor();
    await screenshot(page, 'reset-password-signed-in');
    await page.context().close();
  });

  it("shows '¡Ups!' and clears the password after a wrong password", async () => {
    const page = await newMobilePage(browser);
    await page.goto(`${server.url}/auth/login`);
    await signIn(page, 'nadie@correo.com', 'NoEsLaClave1');
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByText('¡Ups!').waitFor({ timeout: TIMEOUT });
    await dialog.getByText('Correo o contraseña incorrectos.').waitFor();
    expect(await page.getByLabel('Contraseña', { exact: true }).inputValue()).toBe('');
    await screenshot(page, 'login-wrong-password');
    await page.context().close();
  });

  it('keeps what is typed into the prerendered sign-in before the app has started, and sends it', async () => {
    const page = await newMobilePage(browser);
    // The app's entry is held back: the page is the prerendered HTML alone, as on a slow phone.
    const release = await holdAppEntry(page);
    await page.goto(`${server.url}/auth/login`, { waitUntil: 'commit' });
    await page.getByLabel('Correo electrónico').fill('nadie@correo.com');
    await page.getByLabel('Contraseña', { exact: true }).fill('NoEsLaClave1');
    const submit = page.getByRole('button', { name: 'Iniciar sesión' });
    expect(await submit.isDisabled()).toBe(true);
    release();
    // The click waits for the app (the button is enabled once it has taken the form over); what was typed
    // reached the form: the server answered the attempt, where empty fields would have stopped it on the page.
    await submit.click({ timeout: TIMEOUT });
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByText('Correo o contraseña incorrectos.').waitFor({ timeout: TIMEOUT });
    expect(await page.getByLabel('Correo electrónico').inputValue()).toBe('nadie@correo.com');
    await page.context().close();
  });

  it('the public screens arrive prerendered and React takes them over without drawing them again', async () => {
    for (const [path, text] of [
      ['/auth', 'Crear cuenta'],
      ['/auth/login', '¿Olvidaste tu contraseña?'],
      ['/auth/create-account', 'Correo electrónico'],
      ['/auth/reset-password', 'Recuperar contraseña'],
    ] as const) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root, path).toContain(text);
      // The app's scripts are requested by the page's inline script after the first paint (decision 047).
      expect(html, path).toMatch(
        /<script data-entry="\/assets\/index-[^"]+\.js" data-preloads="\/assets\/[^"]+\.js/,
      );
      expect(html, path).not.toContain('<script type="module"');
    }
    // The prerendered sign-in cannot be submitted before React has taken it over (a native submit would reload it).
    const login = await (await fetch(`${server.url}/auth/login`)).text();
    expect(login).toMatch(/<button type="submit"[^>]* disabled[^>]*>Iniciar sesión<\/button>/);
    const page = await newMobilePage(browser);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${server.url}/auth/login`, { waitUntil: 'networkidle' });
    // The form answers: React hydrated the prerendered markup…
    await page.getByRole('button', { name: 'Celular' }).click();
    expect(await page.getByRole('button', { name: 'Celular' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByLabel('Número de celular').waitFor();
    expect(await page.title()).toBe('Iniciar sesión | TOGO');
    expect(await page.getByRole('button', { name: 'Iniciar sesión' }).isEnabled()).toBe(true);
    // …without throwing it away (main.tsx marks a hydration that fell back to drawing on the client).
    const fallbacks = await page.evaluate(
      () => performance.getEntriesByName('togo:hydration-fallback').length,
    );
    expect(fallbacks).toBe(0);
    // The inline script ran under the page's CSP (allowed by its hash): no violation was reported.
    expect(errors).toEqual([]);
    // A visitor with a session open is sent on from the prerendered sign-in, as from any other.
    await page.evaluate(() => localStorage.setItem('token', 'x'));
    await page.goto(`${server.url}/auth/login`);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'), { timeout: TIMEOUT });
    await page.context().close();
  });

  it("the home's page shows its shell, first banner included, only to a device with a session, then the home", async () => {
    const html = await (await fetch(`${server.url}/app/home`)).text();
    expect(html).toMatch(/<main(?=[^>]*\sdata-shell[\s=>])(?=[^>]*\sclass="[^"]*home-shell)[^>]*>/);
    // The server drew the catalogue's first banner in it (the build leaves only its place).
    expect(html).toMatch(/<div class="[^"]*home-shell__banner[^"]*"><img src="\/static\/[^"]+" alt=""/);

    // Signed out: the shell stays hidden and the visitor goes to the sign-in.
    const visitor = await newMobilePage(browser);
    // The shell's display as the parser inserts it (the app may replace it before DOMContentLoaded).
    await visitor.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const shell = document.querySelector('[data-shell]');
        if (!shell) return;
        observer.disconnect();
        (window as unknown as { shellDisplay: string | null }).shellDisplay = getComputedStyle(shell).display;
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await visitor.goto(`${server.url}/app/home`);
    await visitor.waitForURL('**/auth**', { timeout: TIMEOUT });
    expect(
      await visitor.evaluate(() => (window as unknown as { shellDisplay: string | null }).shellDisplay),
    ).toBe('none');
    await visitor.context().close();

    // Signed in: with the app's entry held back, the shell is what the device shows…
    const session = await createClient(server, {
      email: 'shell.e2e@correo.com',
      phone: '3105550199',
      password: 'ClaveSegura2026',
      nombres: 'Sara',
      apellidos: 'Esqueleto',
    });
    const vehicle = await createSelectedVehicle(server, session, 'SHL123');
    const page = await signedInPage(browser, session, vehicle);
    // What the home's first renders drew (the shell aside): its first must already hold the banner and the hero,
    // or the banner the shell showed would give way to a grey placeholder before coming back.
    await page.addInitScript(() => {
      const w = window as unknown as { drawn: string[] };
      w.drawn = [];
      new MutationObserver(() => {
        const home = document.querySelector('main.home-page:not([data-shell])');
        if (!home) return;
        const state = [
          home.querySelector('.home-banner--loading') ? 'banner placeholder' : 'banner',
          home.querySelector('.home-hero__placeholder') ? 'hero placeholder' : 'hero',
        ].join(', ');
        if (w.drawn.at(-1) !== state) w.drawn.push(state);
      }).observe(document, { childList: true, subtree: true });
    });
    const release = await holdAppEntry(page);
    // (the page's load waits for the entry: the navigation is awaited only until the page arrives)
    await page.goto(`${server.url}/app/home`, { waitUntil: 'commit' });
    await page
      .locator('[data-shell] .home-shell__banner img')
      .waitFor({ state: 'visible', timeout: TIMEOUT });
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-shell] img[fetchpriority="high"]');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    await screenshot(page, 'home-shell');
    // …then the home itself is drawn over it, its first banner where the shell had it.
    release();
    await page.getByRole('heading', { name: 'Hola, SARA ESQUELETO' }).waitFor({ timeout: TIMEOUT });
    expect(await page.locator('[data-shell]').count()).toBe(0);
    await page.getByRole('button', { name: /Vehículo seleccionado/ }).waitFor({ timeout: TIMEOUT });
    expect(await page.evaluate(() => (window as unknown as { drawn: string[] }).drawn)).toEqual([
      'banner, hero',
    ]);
    await screenshot(page, 'home-after-shell');
    await page.context().close();
  });

  it("the wizard's and the fleet's pages show their shells only to the visitors their guards let in", async () => {
    const session = await createClient(server, {
      email: 'shell2.e2e@correo.com',
      phone: '3105550198',
      password: 'ClaveSegura2026',
      nombres: 'Sara',
      apellidos: 'Esqueleto',
    });
    const vehicle = await createSelectedVehicle(server, session, 'SHL456');
    /** The shell's display with the app's entry held back (what the device shows before the app runs). */
    const shellDisplay = async (page: Page, path: string) => {
      await page.goto(`${server.url}${path}`, { waitUntil: 'domcontentloaded' });
      return page.locator('[data-shell]').evaluate((shell) => getComputedStyle(shell).display);
    };
    const withoutApp = async (page: Page) => {
      await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
      return page;
    };

    // A driver: the wizard's frame, but not the fleet's (its guard sends drivers to the app).
    const driver = await withoutApp(await signedInPage(browser, session, vehicle));
    expect(await shellDisplay(driver, '/app/servicios/rtm')).not.toBe('none');
    await screenshot(driver, 'wizard-shell');
    expect(await shellDisplay(driver, '/flota')).toBe('none');
    // Every other screen's page too (decision 131), an id's page included, with the screen's title.
    expect(await shellDisplay(driver, '/app/alerts/soat')).not.toBe('none');
    expect(await driver.locator('[data-shell] .alerts-bar__title').textContent()).toBe('SOAT');
    await screenshot(driver, 'alerts-soat-shell');
    expect(await shellDisplay(driver, '/app/agendamientos/9d2f0c1e-0000-4000-8000-000000000000')).not.toBe(
      'none',
    );
    expect(await driver.locator('[data-shell] .page-header__title').textContent()).toBe('Mi agendamiento');
    await driver.context().close();

    // A company's session: the fleet's frame. A visitor without one: neither.
    const company = await withoutApp(await newMobilePage(browser));
    await company.addInitScript(
      ({ token, userInfo }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('userInfo', JSON.stringify(userInfo));
      },
      { token: session.token, userInfo: { ...session.userInfo, ids_roles: [1, 2] } },
    );
    expect(await shellDisplay(company, '/flota')).not.toBe('none');
    await screenshot(company, 'fleet-shell');
    await company.context().close();
    const visitor = await withoutApp(await newMobilePage(browser));
    expect(await shellDisplay(visitor, '/flota')).toBe('none');
    expect(await shellDisplay(visitor, '/app/servicios/rtm')).toBe('none');
    expect(await shellDisplay(visitor, '/app/alerts/soat')).toBe('none');
    await visitor.context().close();
  });
});
