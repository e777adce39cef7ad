import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerThroughUi, signIn, waitForLoginReload } from './support/access.ts';
import { freePort, startApp, type RunningApp } from './support/app-server.ts';
import { chromePath, launchBrowser, newDesktopPage, screenshot } from './support/browser.ts';

const TIMEOUT = 20_000;
const INVITED = 'nueva.consulta@correo.co';

/** The invitation link of the newest e-mail to `to`, as the dev outbox shows it. */
async function invitationLink(server: RunningApp, to: string): Promise<string> {
  const res = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const [mail] = (await res.json()) as { body: string }[];
  const link = /(https?:\/\/\S+\/empresa\/invitacion\?token=[A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
  if (!link) throw new Error(`no invitation link sent to ${to}`);
  return link;
}

/**
 * Issue 37: the invitation e-mail's link opens its page; a new person creates their account there, accepts and
 * sees the fleet with their role; once the administrador removes them, the fleet says they no longer have access.
 * Every screen is checked with axe-core (support/every-screen.ts).
 */
describe.skipIf(!chromePath)('fleet invitation journey (Chromium, desktop)', () => {
  let server: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    // The e-mailed link is built from WEB_URL: make it this server's own address.
    const port = await freePort();
    server = await startApp({ port, env: { WEB_URL: `http://127.0.0.1:${port}` } });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('invite → e-mail link → sign up and accept → fleet with the role → removed → no access', async () => {
    // A company signs up and opens Miembros.
    const admin = await newDesktopPage(browser);
    const company = { email: 'admin.invita@empresa.co', phone: '3105553434', password: 'ClaveSegura2026' };
    await registerThroughUi(admin, server, company);
    await signIn(admin, server, company.email, company.password);
    await admin.waitForURL('**/user-type', { timeout: TIMEOUT });
    await waitForLoginReload(admin);
    await admin.getByRole('button', { name: 'Empresa', exact: true }).click();
    await admin.waitForURL('**/flota', { timeout: TIMEOUT });
    await admin.goto(`${server.url}/flota/miembros`);
    // Datos de la empresa (issue 37): a wrong check digit is refused on its field; the right NIT is kept.
    await admin.getByLabel('Razón social').fill('Transportes Invita S.A.S.');
    const nit = admin.getByLabel('NIT (con dígito de verificación)');
    await nit.fill('890.903.938-1');
    await admin.getByRole('button', { name: 'Guardar datos de la empresa' }).click();
    await admin
      .getByRole('alert')
      .filter({ hasText: 'El NIT no es válido: revisa el dígito de verificación.' })
      .waitFor({ timeout: TIMEOUT });
    expect(await nit.getAttribute('aria-invalid')).toBe('true');
    await nit.fill('890.903.938-8');
    await admin.getByRole('button', { name: 'Guardar datos de la empresa' }).click();
    await admin
      .getByText('Guardado. Tu empresa aparece como «Transportes Invita S.A.S. (NIT 890903938-8)».')
      .waitFor({ timeout: TIMEOUT });
    expect(await nit.inputValue()).toBe('890903938-8');
    await admin.getByLabel('Correo electrónico').fill(INVITED);
    await admin.getByLabel('Rol').selectOption('consulta');
    await admin.getByRole('button', { name: 'Enviar invitación' }).click();
    await admin.getByText(`Enviamos la invitación a ${INVITED}.`).waitFor({ timeout: TIMEOUT });

    // The invited person opens the e-mail's link: the company and the role, before anything is typed.
    const link = await invitationLink(server, INVITED);
    expect(link.startsWith(`${server.url}/empresa/invitacion?token=`)).toBe(true);
    const member = await newDesktopPage(browser);
    await member.goto(link);
    await member
      .getByRole('heading', {
        level: 1,
        name: 'Únete a la flota de «Transportes Invita S.A.S. (NIT 890903938-8)»',
      })
      .waitFor({ timeout: TIMEOUT });
    expect(await member.locator('.lead').first().textContent()).toContain('consulta (solo lectura)');
    const email = member.getByLabel('Correo electrónico');
    expect(await email.inputValue()).toBe(INVITED);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await screenshot(member, 'fleet-invitation-page');

    // A new account: name and password, accepted, signed in, in the fleet as consulta.
    await member.getByLabel('Nombres').fill('Nora');
    await member.getByLabel('Apellidos').fill('Díaz');
    await member.getByLabel('Contraseña', { exact: true }).fill('NoraClave2026');
    await member.getByLabel('Confirmar contraseña').fill('NoraClave2026');
    await member.getByRole('button', { name: 'Crear cuenta y aceptar' }).click();
    await member.waitForURL('**/flota', { timeout: TIMEOUT });
    await waitForLoginReload(member);
    await member.getByText('No hay vehículos inscritos en tu flota').waitFor({ timeout: TIMEOUT });
    expect(
      await member.evaluate(() => JSON.parse(localStorage.getItem('fleetMembership') ?? 'null')),
    ).toEqual({ empresa: expect.any(String), rol: 'consulta' });
    // Consulta reads only: no 'Añadir vehículos'.
    expect(await member.getByRole('link', { name: 'Añadir vehículos' }).count()).toBe(0);
    await screenshot(member, 'fleet-invitation-member-fleet');

    // The link works once: opened again, it says it was used.
    const again = await newDesktopPage(browser);
    await again.goto(link);
    await again
      .getByRole('heading', { level: 1, name: 'Esta invitación ya fue aceptada' })
      .waitFor({ timeout: TIMEOUT });
    await again.context().close();

    // The administrador sees the member active as Consulta and removes them.
    await admin.reload();
    const row = admin.locator('tr', { hasText: INVITED });
    await row.getByText('Activo').waitFor({ timeout: TIMEOUT });
    expect(await row.getByText('Consulta', { exact: true }).count()).toBe(1);
    await row.getByRole('button', { name: 'Eliminar' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await row.waitFor({ state: 'detached', timeout: TIMEOUT });

    // The removed member's next visit to the fleet says so instead of showing empty screens.
    await member.goto(`${server.url}/flota`);
    await member
      .getByRole('heading', { level: 1, name: 'Ya no tienes acceso a esta flota' })
      .waitFor({ timeout: TIMEOUT });
    expect(await member.getByRole('navigation', { name: 'Menú de la flota' }).count()).toBe(0);
    await screenshot(member, 'fleet-invitation-no-access');
    await member.getByRole('button', { name: 'Ir a TOGO' }).click();
    await member.waitForURL(/\/(user-type|app\/home)$/, { timeout: TIMEOUT });
    expect(await member.evaluate(() => localStorage.getItem('fleetMembership'))).toBeNull();
    await member.context().close();
    await admin.context().close();
  }, 180_000);
});
