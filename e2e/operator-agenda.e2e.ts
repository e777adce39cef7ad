import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readPaymentLink } from '../packages/domain/src/booking/booking-book.contract.ts';
import { apiCaller, createClient, createSelectedVehicle, type Session } from './support/api-session.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { chromePath, launchBrowser, newDesktopPage, screenshot } from './support/browser.ts';
import { signInToConsole } from './support/operator-session.ts';

/**
 * The agenda's bulk check-in (issue 38, decision 114), on a fixed day: the server and the browser start at
 * Monday 1 March 2027, 07:00 in Bogotá. The admin opens the agenda (branch and day land in the address), sees
 * the day's totals and the trámite's name, selects two of three bookings and checks them in at once (after a
 * confirmation dialog), undoes one, reloads (the address keeps branch and day), and sees that tomorrow's booking
 * cannot be checked in yet; the branch then closes tomorrow and "Cancelar y avisar a todos" cancels that booking
 * and tells its driver. At 820 px every action button is on screen. axe-core checks every screen shown.
 */
const NOW = new Date('2027-03-01T12:00:00Z');
const TODAY = '2027-03-01';
const TOMORROW = '2027-03-02';
const ADMIN = { correo: 'admin.agenda@togo.test', clave: 'clave-admin-agenda' };
const SEDE = 'TRA-BOG-01';
const PLATES = ['AGA101', 'AGB202', 'AGC303'] as const;
const LATER = 'AGD404';
/** Booked and paid online today: cancelled by staff, it is refunded and the driver is told (issue 38). */
const PAID = 'AGE505';

describe.skipIf(!chromePath)('operator console: the agenda’s bulk check-in', () => {
  let server: RunningApp;
  let browser: Browser;
  let driver: Session;

  async function book(
    placa: string,
    fecha: string,
    franja: string,
    metodo_pago: 'pagar_en_sitio' | 'pagar_ahora' = 'pagar_en_sitio',
  ): Promise<unknown> {
    return apiCaller(server)(
      'POST',
      '/wh/tramites/agenda/',
      {
        sessionInfo: {
          parameters: {
            placa,
            ciudad: '11001',
            sede: SEDE,
            tramite: ['TRASPASO'],
            celular: '573157770044',
            tipo_identificacion: 'CC',
            numero_identificacion: '1020304050',
            nombre: 'Rosa Díaz',
            correo: 'conductora.agenda@correo.com',
            fecha_agenda: fecha,
            franja,
            promocion: 'NO',
            metodo_pago,
          },
        },
      },
      driver.token,
    );
  }

  beforeAll(async () => {
    server = await startApp({ now: NOW, env: { ADMIN_EMAIL: ADMIN.correo, ADMIN_PASSWORD: ADMIN.clave } });
    browser = await launchBrowser();
    driver = await createClient(server, {
      email: 'conductora.agenda@correo.com',
      phone: '3157770044',
      password: 'ClaveSegura123',
      nombres: 'Rosa',
      apellidos: 'Díaz',
    });
    for (const placa of [...PLATES, LATER, PAID]) await createSelectedVehicle(server, driver, placa);
    await book(PLATES[0], TODAY, '9:00 AM');
    await book(PLATES[1], TODAY, '10:00 AM');
    await book(PLATES[2], TODAY, '11:00 AM');
    await book(LATER, TOMORROW, '9:00 AM');
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const states = async () => {
    const { results } = await apiCaller(server)<{ results: { placa: string; estado: string }[] }>(
      'GET',
      '/api/togo/agendamientos/',
      undefined,
      driver.token,
    );
    return Object.fromEntries(results.map((b) => [b.placa, b.estado]));
  };

  /** Every action button of the agenda lies inside the viewport's width (no horizontal clipping). */
  async function actionsOnScreen(page: Page, width: number) {
    const buttons = page.locator('table button');
    const n = await buttons.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) {
      const box = await buttons.nth(i).boundingBox();
      expect(box, `button ${i}`).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }
  }

  it('selects two bookings and checks them in at once; undo; the address keeps the day', async () => {
    const page = await newDesktopPage(browser, { now: NOW });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInToConsole(page, server.url, ADMIN);
    await page.getByRole('heading', { name: 'Inicio' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Secciones de la consola' });
    await nav.getByRole('link', { name: 'Agenda' }).click();
    await page.getByRole('heading', { name: 'Agenda', level: 1 }).waitFor();
    await page.getByLabel('Sede', { exact: true }).selectOption(SEDE);
    await page.waitForURL((url) => url.searchParams.get('sede') === SEDE);
    expect(new URL(page.url()).searchParams.get('fecha')).toBe(TODAY);

    const totals = page.getByRole('list', { name: 'Totales del día' });
    await totals.getByText('3 Confirmada').waitFor();
    await page
      .getByRole('cell', { name: /Traspaso de propiedad/ })
      .first()
      .waitFor();
    await page.getByText(/^Actualizado \d{2}:\d{2}$/).waitFor();

    await page.getByRole('checkbox', { name: `Seleccionar ${PLATES[0]}` }).check();
    await page.getByRole('checkbox', { name: `Seleccionar ${PLATES[1]}` }).check();
    await page.getByRole('button', { name: 'Registrar llegada de las seleccionadas (2)' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Registrar la llegada de 2 citas?' });
    await dialog.waitFor();
    await screenshot(page, 'operator-agenda-bulk-dialog-1280');
    await dialog.getByRole('button', { name: 'Sí, registrar llegadas' }).click();
    await page.getByRole('status').filter({ hasText: '2 llegadas registradas.' }).waitFor();
    await totals.getByText('2 Atendido').waitFor();
    expect(await states()).toMatchObject({
      [PLATES[0]]: 'atendido',
      [PLATES[1]]: 'atendido',
      [PLATES[2]]: 'confirmada',
    });
    await page.screenshot({ path: '/tmp/h38agenda-agenda-1280.png', fullPage: true });
    await screenshot(page, 'operator-agenda-1280');

    // "Deshacer" the same day: back to confirmed.
    await page.getByRole('button', { name: `Deshacer «Atendido» de ${PLATES[1]}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Se deshizo el cambio: ${PLATES[1]} vuelve a estar confirmada.` })
      .waitFor();
    expect((await states())[PLATES[1]]).toBe('confirmada');

    // A reload keeps the branch and the day (they are in the address).
    await page.reload();
    await page.getByRole('heading', { name: 'Agenda', level: 1 }).waitFor();
    expect(await page.getByLabel('Sede', { exact: true }).inputValue()).toBe(SEDE);
    await totals.getByText('1 Atendido').waitFor();

    // 820 px: every action button is on screen.
    await page.setViewportSize({ width: 820, height: 1000 });
    await page.getByRole('button', { name: `Registrar llegada de ${PLATES[2]}` }).waitFor();
    await actionsOnScreen(page, 820);
    await page.screenshot({ path: '/tmp/h38agenda-agenda-820.png', fullPage: true });
    await screenshot(page, 'operator-agenda-820');

    // Tomorrow: check-in and no-show wait for the booking's day, and say so; back returns to today.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Fecha', { exact: true }).fill(TOMORROW);
    const later = page.getByRole('button', { name: `Registrar llegada de ${LATER}` });
    await later.waitFor();
    expect(await later.isDisabled()).toBe(true);
    await page
      .getByText('Podrás registrar llegadas e inasistencias desde el día de la cita (02-03-2027).')
      .waitFor();
    await page.screenshot({ path: '/tmp/h38agenda-agenda-tomorrow-1280.png', fullPage: true });

    // The branch closes tomorrow: "Cancelar y avisar a todos" cancels its booking with the closure's reason and
    // tells the driver (the staff-cancellation notice).
    const closed = await page.evaluate(
      async ({ sede, fecha }) => {
        const res = await fetch(`/api/operador/sedes/${sede}/cierres/`, {
          method: 'POST',
          headers: {
            authorization: `Token ${sessionStorage.getItem('togo.operador.token') ?? ''}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ fecha, motivo: 'Corte de energía' }),
        });
        return res.status;
      },
      { sede: SEDE, fecha: TOMORROW },
    );
    expect(closed).toBe(201);
    await page.reload();
    await page.getByText('Sede cerrada: Corte de energía').waitFor();
    await page.getByRole('button', { name: 'Cancelar y avisar a todos' }).click();
    const cancelAll = page.getByRole('dialog', {
      name: /^¿Cancelar la cita del 02-03-2027 y avisar al conductor\?$/,
    });
    await cancelAll.waitFor();
    expect(await cancelAll.getByLabel('Motivo').inputValue()).toBe('Corte de energía');
    await page.screenshot({ path: '/tmp/h38agenda-agenda-cancel-all-1280.png', fullPage: true });
    await cancelAll.getByRole('button', { name: 'Sí, cancelar y avisar' }).click();
    await page.getByRole('status').filter({ hasText: '1 cita cancelada y avisada.' }).waitFor();
    await totals.getByText('1 Cancelada').waitFor();
    expect((await states())[LATER]).toBe('cancelada');
    const told = await server.database.query<{ subject: string; body: string }>(
      'select subject, body from outbox_messages where "to" = $1 and subject like $2',
      ['conductora.agenda@correo.com', 'TOGO canceló tu agendamiento%'],
    );
    expect(told.map((m) => m.subject)).toEqual([`TOGO canceló tu agendamiento: Trámites - ${LATER}`]);
    expect(told[0]?.body).toContain('Motivo: Corte de energía');

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('fecha') === TODAY);
    await totals.getByText('1 Atendido').waitFor();
    await page.context().close();
  }, 180_000);

  it('a paid booking cancelled by staff: the dialog warns of the refund, the driver is told of it (issue 38)', async () => {
    // The driver books and pays online (the payment sandbox approves it).
    const link = readPaymentLink(await book(PAID, TODAY, '2:00 PM', 'pagar_ahora'));
    if (!link) throw new Error('no payment link');
    const pay = await newDesktopPage(browser, { now: NOW });
    // The link names the public address (WEB_URL); the sandbox is served by this test's server.
    const url = new URL(link);
    await pay.goto(`${server.url}${url.pathname}${url.search}`);
    await pay.getByRole('button', { name: 'Aprobar pago' }).click();
    await pay.getByText('Pago aprobado').waitFor();
    await pay.context().close();
    expect((await states())[PAID]).toBe('confirmada');

    const page = await newDesktopPage(browser, { now: NOW });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInToConsole(page, server.url, ADMIN);
    await page.getByRole('heading', { name: 'Inicio' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Secciones de la consola' })
      .getByRole('link', { name: 'Agenda' })
      .click();
    await page.getByRole('heading', { name: 'Agenda', level: 1 }).waitFor();
    await page.getByLabel('Sede', { exact: true }).selectOption(SEDE);
    await page.getByRole('button', { name: `Cancelar cita de ${PAID}` }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(PAID) });
    await dialog.waitFor();
    await dialog.getByText('Esta cita está pagada: al cancelarla se pedirá el reembolso del pago.').waitFor();
    await screenshot(page, 'operator-agenda-cancel-paid-1280');
    await dialog.getByLabel('Motivo').fill('El técnico no estará disponible');
    await dialog
      .getByRole('button', { name: /cancelar/i })
      .last()
      .click();
    await page
      .getByRole('status')
      .filter({ hasText: `Cita de ${PAID} cancelada; se inició el reembolso.` })
      .waitFor();
    expect((await states())[PAID]).toBe('cancelada');
    const [told] = await server.database.query<{ subject: string; body: string }>(
      'select subject, body from outbox_messages where "to" = $1 and subject like $2 order by id desc limit 1',
      ['conductora.agenda@correo.com', `TOGO canceló tu agendamiento%${PAID}`],
    );
    expect(told?.body).toContain('Motivo: El técnico no estará disponible');
    expect(told?.body).toMatch(/reembols/i);
    await page.context().close();
  }, 180_000);
});
