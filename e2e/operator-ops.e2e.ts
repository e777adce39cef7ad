import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiCaller, createClient, createSelectedVehicle } from './support/api-session.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { chromePath, launchBrowser, newDesktopPage, screenshot } from './support/browser.ts';
import { enrolTotp, signInToConsole } from './support/operator-session.ts';

/**
 * Operations journey of the console (issue 13, decisions 029 and 037): the admin signs in with TOTP, closes a
 * branch for a day (the day's booking is listed for rescheduling), then checks the booking in from the agenda
 * and the driver sees the new state. Screenshots at 1280 and 390 px.
 */
const ADMIN = { correo: 'admin.ops@togo.test', clave: 'clave-admin-segura' };
const SEDE = 'TRA-BOG-01';
const SEDE_NOMBRE = 'Punto de Trámites Calle 80';
const PLACA = 'OPS482';

/** The next weekday after today in Bogotá, 'YYYY-MM-DD' (the branch opens Monday to Saturday). */
function nextWeekday(): string {
  const bogota = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(d);
  for (let days = 1; days < 8; days += 1) {
    const date = bogota(new Date(Date.now() + days * 86_400_000));
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5) return date;
  }
  throw new Error('no weekday');
}

describe.skipIf(!chromePath)('operator console: agenda and branches', () => {
  let server: RunningApp;
  let browser: Browser;
  let driverToken = '';
  const fecha = nextWeekday();

  beforeAll(async () => {
    server = await startApp({
      env: { ADMIN_EMAIL: ADMIN.correo, ADMIN_PASSWORD: ADMIN.clave, OPERATOR_TOTP_ROLES: 'admin' },
    });
    browser = await launchBrowser();
    const driver = await createClient(server, {
      email: 'conductor.ops@correo.com',
      phone: '3157770022',
      password: 'ClaveSegura123',
      nombres: 'Mario',
      apellidos: 'Rojas',
    });
    driverToken = driver.token;
    await createSelectedVehicle(server, driver, PLACA);
    // A trámite booked at 10:00, paid on site.
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
            celular: '573157770022',
            tipo_identificacion: 'CC',
            numero_identificacion: '1020304050',
            nombre: 'Mario Rojas',
            correo: 'conductor.ops@correo.com',
            fecha_agenda: fecha,
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

  it('admin closes a branch for a day, then checks in the booking from the agenda', async () => {
    const page = await newDesktopPage(browser);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInToConsole(page, server.url, ADMIN);
    await enrolTotp(page);
    await page.getByRole('heading', { name: 'Inicio' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Secciones de la consola' });

    // Sedes → Cierres → close the day: the booking is listed for rescheduling.
    await nav.getByRole('link', { name: 'Sedes' }).click();
    // The list is paged on the server (decision 039): find the branch by its code first.
    const filters = page.getByRole('form', { name: 'Filtros de sedes' });
    await filters.getByLabel('Nombre o código').fill(SEDE);
    await filters.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByRole('button', { name: `Cierres de ${SEDE_NOMBRE}` }).click();
    const closeForm = page.getByRole('form', { name: 'Cerrar un día' });
    await closeForm.getByLabel('Fecha del cierre').fill(fecha);
    await closeForm.getByLabel('Motivo').fill('Mantenimiento eléctrico');
    await closeForm.getByRole('button', { name: 'Cerrar ese día' }).click();
    await page.getByText(`Sede cerrada el ${fecha}.`).waitFor();
    await page.getByText(`10:00 · ${PLACA}`, { exact: false }).waitFor();
    await screenshot(page, 'operator-ops-closure-1280');

    const [closure] = await server.database.query<{ n: number }>(
      'select count(*)::int as n from branch_closures where branch_id = $1',
      [SEDE],
    );
    expect(closure?.n).toBe(1);

    // Agenda → check in. While the agenda's chunk loads (held here, as on a slow link), the branches' screen
    // stays with the progress bar above it, not the console's loader.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const agendaChunk = /\/operador\/assets\/AgendaScreen-[^/]+\.js$/;
    await page.route(agendaChunk, async (route) => {
      await held;
      await route.continue();
    });
    await nav.getByRole('link', { name: 'Agenda' }).click();
    await page.getByRole('progressbar', { name: 'Cargando' }).waitFor();
    expect(await closeForm.isVisible()).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'Cargando…' }).count()).toBe(0);
    await screenshot(page, 'operator-ops-navigating-1280');
    release();
    await page.getByRole('heading', { name: 'Agenda' }).waitFor();
    await page.unroute(agendaChunk);
    expect(await page.getByRole('progressbar', { name: 'Cargando' }).count()).toBe(0);
    await page.getByLabel('Sede', { exact: true }).selectOption(SEDE);
    await page.getByLabel('Fecha', { exact: true }).fill(fecha);
    const checkIn = page.getByRole('button', { name: `Registrar llegada de ${PLACA}` });
    await checkIn.waitFor();
    await screenshot(page, 'operator-ops-agenda-1280');
    await checkIn.click();
    await checkIn.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'operator-ops-agenda-390');

    const mine = await fetch(`${server.url}/api/togo/agendamientos/`, {
      headers: { authorization: `Token ${driverToken}` },
    });
    const { results } = (await mine.json()) as { results: Array<{ placa: string; estado: string }> };
    expect(results.find((b) => b.placa === PLACA)?.estado).toBe('atendido');

    // A link opened in a second tab lands on its screen signed in (issue 38: it asked to sign in again), and
    // signing out there signs out the first tab too.
    const second = await page.context().newPage();
    await second.goto(`${server.url}/operador/auditoria`);
    await second.getByRole('heading', { name: 'Auditoría', level: 1 }).waitFor();
    await second.getByRole('button', { name: 'Cerrar sesión' }).click();
    await second.getByRole('heading', { name: 'Ingresar' }).waitFor();
    await page.getByRole('heading', { name: 'Ingresar' }).waitFor();
    await second.close();
  }, 180_000);
});
