import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  apiCaller,
  createClient,
  createSelectedVehicle,
  signedInPage,
  type Session,
  type VehicleJson,
} from './support/api-session.ts';
import { serviceWeekday } from './support/booking-days.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { chromePath, launchBrowser, newDesktopPage, screenshot } from './support/browser.ts';
import { enrolTotp, signInToConsole, consoleDay } from './support/operator-session.ts';

/**
 * Operations journey of the console (issue 13, decisions 029 and 037): the admin signs in with TOTP, closes a
 * branch for a day (the day's booking is listed for rescheduling and becomes 'Afectada por cierre' for the
 * driver, issue 38), the agenda of that day says the branch is closed, the driver moves the booking to the next
 * weekday, where the agenda lists it with check-in waiting for that day (decision 114; checking in on the day is
 * operator-agenda.e2e.ts's journey); support's Avisos tab lists the closure message. Screenshots at 1280 and
 * 390 px.
 */
const ADMIN = { correo: 'admin.ops@togo.test', clave: 'clave-admin-segura' };
const SEDE = 'TRA-BOG-01';
const SEDE_NOMBRE = 'Punto de Trámites Calle 80';
const PLACA = 'OPS482';

describe.skipIf(!chromePath)('operator console: agenda and branches', () => {
  let server: RunningApp;
  let browser: Browser;
  let driverToken = '';
  let driver: Session;
  let vehicle: VehicleJson;
  const fecha = serviceWeekday();

  beforeAll(async () => {
    server = await startApp({
      env: { ADMIN_EMAIL: ADMIN.correo, ADMIN_PASSWORD: ADMIN.clave, OPERATOR_TOTP_ROLES: 'admin' },
    });
    browser = await launchBrowser();
    driver = await createClient(server, {
      email: 'conductor.ops@correo.com',
      phone: '3157770022',
      password: 'ClaveSegura123',
      nombres: 'Mario',
      apellidos: 'Rojas',
    });
    driverToken = driver.token;
    vehicle = await createSelectedVehicle(server, driver, PLACA);
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

  const mine = () =>
    fetch(`${server.url}/api/togo/agendamientos/`, { headers: { authorization: `Token ${driverToken}` } });

  it('admin closes a branch for a day; the driver is told and moves the booking; its check-in waits for its day', async () => {
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
    await page.getByText(`Sede cerrada el ${await consoleDay(page, fecha)}.`).waitFor();
    await page.getByText(`10:00 · ${PLACA}`, { exact: false }).waitFor();
    await screenshot(page, 'operator-ops-closure-1280');

    const [closure] = await server.database.query<{ n: number }>(
      'select count(*)::int as n from branch_closures where branch_id = $1',
      [SEDE],
    );
    expect(closure?.n).toBe(1);

    // The driver's Mis agendamientos: the booking is 'Afectada por cierre' (issue 38), to move or cancel.
    const driverPage = await signedInPage(browser, driver, vehicle);
    await driverPage.goto(`${server.url}/app/agendamientos`);
    await driverPage.getByText('Afectada por cierre').waitFor();
    await screenshot(driverPage, 'operator-ops-driver-affected-390');
    await driverPage.close();

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
    // The closed day says so, with its affected booking (issue 38).
    await page.getByText('Sede cerrada: Mantenimiento eléctrico').waitFor();
    await page.getByRole('cell', { name: 'Afectada por cierre' }).waitFor();
    await screenshot(page, 'operator-ops-agenda-closed-1280');

    // The driver moves it to the next weekday (confirmed again there); check-in opens on that day only.
    const own = (await (await mine()).json()) as { results: Array<{ id: string; placa: string }> };
    const bookingId = own.results.find((b) => b.placa === PLACA)?.id ?? '';
    let moved = '';
    for (let from = Date.parse(`${fecha}T17:00:00Z`); !moved; from += 86_400_000) {
      const day = serviceWeekday(1, new Date(from));
      const res = await fetch(`${server.url}/api/togo/agendamientos/${bookingId}/reprogramar/`, {
        method: 'POST',
        headers: { authorization: `Token ${driverToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ fecha_agenda: day, franja: '10:00 AM' }),
      });
      if (res.status === 200) moved = day;
      else expect(res.status).toBe(400);
    }
    await page.getByLabel('Fecha', { exact: true }).fill(moved);
    const checkIn = page.getByRole('button', { name: `Registrar llegada de ${PLACA}` });
    await checkIn.waitFor();
    expect(await checkIn.isDisabled()).toBe(true);
    await page.getByText(/^Podrás registrar llegadas e inasistencias desde el día de la cita/).waitFor();
    await screenshot(page, 'operator-ops-agenda-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'operator-ops-agenda-390');

    const { results } = (await (await mine()).json()) as {
      results: Array<{ placa: string; estado: string }>;
    };
    expect(results.find((b) => b.placa === PLACA)?.estado).toBe('confirmada');

    // Support's Avisos tab lists every message the driver got: the confirmation, the closure, the reschedule.
    await page.setViewportSize({ width: 1280, height: 800 });
    await nav.getByRole('link', { name: 'Soporte a usuarios' }).click();
    await page.getByLabel('Buscar conductor').fill(PLACA.toLowerCase());
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('link', { name: 'Mario Rojas' }).click();
    await page.getByRole('heading', { name: 'Mario Rojas' }).waitFor();
    await page.getByRole('tab', { name: /Avisos/ }).click();
    const avisos = page.getByRole('tabpanel');
    await avisos.getByText(`Tu cita en ${SEDE_NOMBRE} debe reprogramarse`).waitFor();
    await avisos.getByText(/Agendamiento confirmado: /).waitFor();
    await avisos.getByText(/Agendamiento reprogramado: /).waitFor();
    await screenshot(page, 'operator-ops-support-avisos-1280');

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
