import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCaller, createClient, createSelectedVehicle } from './support/api-session.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { serviceWeekday } from './support/booking-days.ts';
import { chromePath, launchBrowser, newDesktopPage, screenshot } from './support/browser.ts';
import { signInToConsole, consoleDay } from './support/operator-session.ts';

/**
 * Branches and team of the console for an operations team (issue 38, decisions 116 and 117): the admin edits a
 * branch's name, phone and municipality (department, then municipality, from lists), closes it over three days
 * (the booking on the first becomes 'afectada_cierre'), and on Equipo unlocks a member locked by failed sign-ins
 * and resends a pending invitation, whose old link then says it was replaced before any form. Every screen is
 * checked with axe-core (launchBrowser); Sedes and Equipo are looked at in 1280 and 820 px: the row buttons are
 * inside the window and not covered, the map stays under the sticky top bar.
 */
const ADMIN = { correo: 'admin.sedes@togo.test', clave: 'clave-admin-segura' };
const SEDE = 'TRA-BOG-01';
const SEDE_NOMBRE = 'Punto de Trámites Calle 80';
const NUEVO_NOMBRE = 'Trámites Medellín Centro';
const PLACA = 'RNG482';

const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The first button named `name` lies inside the window's width and is what is drawn at its right edge. */
async function expectFullyShown(page: Page, name: string | RegExp) {
  const button = page.getByRole('button', { name }).first();
  // Scrolled into view vertically only: a table that needs sideways scrolling hides the button.
  await button.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight / 2));
  const box = await button.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  const label = String(name);
  expect(box, label).not.toBeNull();
  expect(box!.x, label).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, label).toBeLessThanOrEqual(width);
  const onTop = await button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.right - 4, r.top + r.height / 2);
    return hit !== null && el.contains(hit);
  });
  expect(onTop, `${label} is covered or clipped at its right edge`).toBe(true);
  const overflow = await page.evaluate(() =>
    Array.from(document.querySelectorAll('.op-table-frame')).map((f) => f.scrollWidth - f.clientWidth),
  );
  expect(
    overflow.every((px) => px <= 0),
    `a table scrolls sideways: ${overflow.join(', ')} px`,
  ).toBe(true);
}

describe.skipIf(!chromePath)('operator console: branches and team', () => {
  let server: RunningApp;
  let browser: Browser;
  const first = serviceWeekday(2);
  const last = plusDays(first, 2);

  beforeAll(async () => {
    server = await startApp({ env: { ADMIN_EMAIL: ADMIN.correo, ADMIN_PASSWORD: ADMIN.clave } });
    browser = await launchBrowser();
    const driver = await createClient(server, {
      email: 'conductor.rango@correo.com',
      phone: '3157770033',
      password: 'ClaveSegura123',
      nombres: 'Lucía',
      apellidos: 'Gómez',
    });
    await createSelectedVehicle(server, driver, PLACA);
    await apiCaller(server)(
      'POST',
      '/wh/tramites/agenda/',
      {
        sessionInfo: {
          parameters: {
            placa: PLACA,
            ciudad: '11001',
            sede: SEDE,
            tramite: ['TRASPASO'],
            celular: '573157770033',
            tipo_identificacion: 'CC',
            numero_identificacion: '1020304050',
            nombre: 'Lucía Gómez',
            correo: 'conductor.rango@correo.com',
            fecha_agenda: first,
            franja: '10:00 AM',
            promocion: 'NO',
            metodo_pago: 'pagar_en_sitio',
          },
        },
      },
      driver.token,
    );
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('edits a branch (municipality from lists) and closes it from one day to another', async () => {
    const page = await newDesktopPage(browser);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInToConsole(page, server.url, ADMIN);
    await page.getByRole('heading', { name: 'Inicio' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Secciones de la consola' });
    await nav.getByRole('link', { name: 'Sedes' }).click();
    // Every row's buttons are inside the window (the first page, sorted by name).
    await page
      .getByRole('button', { name: /^Cierres de / })
      .first()
      .waitFor();
    for (const name of [/^Editar /, /^Cierres de /]) await expectFullyShown(page, name);
    await screenshot(page, 'operator-branches-sedes-1280');

    const filters = page.getByRole('form', { name: 'Filtros de sedes' });
    await filters.getByLabel('Nombre o código').fill(SEDE);
    await filters.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByRole('button', { name: `Editar ${SEDE_NOMBRE}` }).click();
    const form = page.getByRole('form', { name: `Editar ${SEDE_NOMBRE}` });
    await form.getByLabel('Nombre', { exact: true }).fill('');
    await form.getByLabel('Teléfono').fill('12');
    await form.getByRole('button', { name: 'Guardar cambios' }).click();
    // Each error at its field, in Spanish, before anything is sent.
    await form.getByText('Este campo es obligatorio.').waitFor();
    await form.getByText('Mínimo 7 caracteres.').waitFor();
    await screenshot(page, 'operator-branches-form-errors-1280');

    await form.getByLabel('Nombre', { exact: true }).fill(NUEVO_NOMBRE);
    await form.getByLabel('Teléfono').fill('604 444 5566');
    await form.getByLabel('Departamento').selectOption({ label: 'Antioquia' });
    const town = form.getByLabel('Municipio');
    await town.locator('option', { hasText: 'Medellín' }).waitFor({ state: 'attached' });
    await town.selectOption({ label: 'Medellín' });

    // The map, scrolled under the sticky top bar, is drawn below it.
    const map = form.locator('.ops-map');
    await map.waitFor();
    const topbar = page.locator('.op-topbar');
    const barHeight = (await topbar.boundingBox())?.height ?? 0;
    await map.evaluate((el, h) => {
      window.scrollBy(0, el.getBoundingClientRect().top - h / 2);
    }, barHeight);
    const barOnTop = await page.evaluate((h) => {
      const map = document.querySelector('.ops-map')!.getBoundingClientRect();
      const hit = document.elementFromPoint(map.left + map.width / 2, h / 2);
      return hit?.closest('.op-topbar') !== null;
    }, barHeight);
    expect(barOnTop).toBe(true);
    await screenshot(page, 'operator-branches-map-under-header-1280');

    await form.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText(`Sede ${NUEVO_NOMBRE} guardada.`).waitFor();
    const row = page.getByRole('row').filter({ hasText: NUEVO_NOMBRE });
    await row.getByRole('cell', { name: 'Medellín', exact: true }).waitFor();
    const [saved] = await server.database.query<{ telefono: string; city_id: number }>(
      'select telefono, city_id from booking_branches where id = $1',
      [SEDE],
    );
    expect(saved).toEqual({ telefono: '604 444 5566', city_id: 5001 });

    // Closed from `first` to `last`: one action, three days, the booking of the first affected.
    await page.getByRole('button', { name: `Cierres de ${NUEVO_NOMBRE}` }).click();
    const closeForm = page.getByRole('form', { name: 'Cerrar un día' });
    await closeForm.getByLabel('Fecha del cierre (desde)').fill(first);
    await closeForm.getByLabel('Hasta (incluido)').fill(plusDays(first, 40));
    await closeForm.getByLabel('Motivo').fill('Obras en la vía');
    await closeForm.getByRole('button', { name: 'Cerrar esos días' }).click();
    await closeForm.getByText('Un cierre puede cubrir como máximo 31 días.').waitFor();
    await closeForm.getByLabel('Hasta (incluido)').fill(last);
    await closeForm.getByRole('button', { name: 'Cerrar esos días' }).click();
    await page
      .getByText(`Sede cerrada del ${await consoleDay(page, first)} al ${await consoleDay(page, last)}.`)
      .waitFor();
    await page.getByText(`10:00 · ${PLACA}`, { exact: false }).waitFor();
    await screenshot(page, 'operator-branches-range-closure-1280');
    const closed = await server.database.query<{ fecha: string }>(
      'select fecha::text as fecha from branch_closures where branch_id = $1 order by fecha',
      [SEDE],
    );
    expect(closed.map((c) => c.fecha)).toEqual([first, plusDays(first, 1), last]);
    const [booking] = await server.database.query<{ estado: string }>(
      'select estado from bookings where placa = $1',
      [PLACA],
    );
    expect(booking?.estado).toBe('afectada_cierre');

    // 820 px (a tablet): the list's row buttons stay inside the window.
    await page.setViewportSize({ width: 820, height: 1100 });
    await page.getByRole('button', { name: `Cierres de ${NUEVO_NOMBRE}` }).waitFor();
    await expectFullyShown(page, `Cierres de ${NUEVO_NOMBRE}`);
    await expectFullyShown(page, `Editar ${NUEVO_NOMBRE}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'operator-branches-sedes-820');
    await page.close();
  }, 180_000);

  it('Equipo: a locked member is unlocked, a pending invitation resent; the old link says so first', async () => {
    const call = apiCaller(server);
    const { token } = await call<{ token: string }>('POST', '/api/operador/sesion/', {
      correo: ADMIN.correo,
      clave: ADMIN.clave,
    });
    // A member who accepted their invitation and then typed a wrong password five times.
    const links: Record<string, string> = {};
    for (const correo of ['bloqueada@togo.test', 'pendiente@togo.test']) {
      await call(
        'POST',
        '/api/operador/staff/',
        { correo, nombre: correo.split('@')[0], rol: 'soporte' },
        token,
      );
      const [mail] = await server.database.query<{ body: string }>(
        'select body from outbox_messages where "to" = $1 order by id desc limit 1',
        [correo],
      );
      links[correo] = /https?:\/\/\S+/.exec(mail?.body ?? '')?.[0] ?? '';
    }
    const clave = 'una frase larga de acceso';
    const invitation = new URL(links['bloqueada@togo.test']!).searchParams.get('token');
    await call('POST', '/api/operador/invitacion/aceptar/', { token: invitation, clave });
    for (let i = 0; i < 5; i++) {
      await fetch(`${server.url}/api/operador/sesion/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ correo: 'bloqueada@togo.test', clave: 'clave-equivocada' }),
      });
    }

    const page = await newDesktopPage(browser);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInToConsole(page, server.url, ADMIN);
    await page.getByRole('heading', { name: 'Inicio' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Secciones de la consola' })
      .getByRole('link', { name: 'Equipo' })
      .click();
    const locked = page.getByRole('row').filter({ hasText: 'bloqueada@togo.test' });
    await locked.getByRole('cell', { name: 'Bloqueado' }).waitFor();
    await expectFullyShown(page, 'Desbloquear');
    await expectFullyShown(page, 'Revocar invitación');
    await screenshot(page, 'operator-branches-equipo-1280');
    await page.setViewportSize({ width: 820, height: 1100 });
    await expectFullyShown(page, 'Desbloquear');
    await expectFullyShown(page, 'Revocar invitación');
    await screenshot(page, 'operator-branches-equipo-820');
    await page.setViewportSize({ width: 1280, height: 800 });

    await locked.getByRole('button', { name: 'Desbloquear' }).click();
    await page.getByText('Se desbloqueó la cuenta de bloqueada.').waitFor();
    await locked.getByRole('cell', { name: 'Activo' }).waitFor();
    const signIn = await fetch(`${server.url}/api/operador/sesion/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ correo: 'bloqueada@togo.test', clave }),
    });
    expect(signIn.status).toBe(200);

    // Inviting the pending address again offers the resend.
    await page.getByLabel('Correo', { exact: true }).fill('pendiente@togo.test');
    await page.getByLabel('Nombre', { exact: true }).fill('Pendiente');
    await page.getByRole('button', { name: 'Enviar invitación', exact: true }).click();
    const offer = page.getByRole('status').filter({ hasText: 'Ya hay una invitación pendiente' });
    await offer.getByRole('button', { name: 'Reenviar invitación' }).click();
    await page
      .getByText('Invitación reenviada a pendiente@togo.test. El enlace anterior ya no funciona.')
      .waitFor();
    await screenshot(page, 'operator-branches-equipo-resent-1280');

    // The old link says it was replaced before any form; the new one greets the person.
    const invitee = await browser.newPage();
    await invitee.goto(links['pendiente@togo.test']!.replace(/^https?:\/\/[^/]+/, server.url));
    await invitee.getByRole('heading', { name: 'Invitación reemplazada' }).waitFor();
    expect(await invitee.getByLabel('Clave nueva').count()).toBe(0);
    await screenshot(invitee, 'operator-branches-invitation-replaced');
    await invitee.close();
    await page.close();
  }, 180_000);
});
