import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS } from '../packages/domain/src/booking/booking.paths.ts';
import { bogotaToday } from '../packages/domain/src/bogota-time.ts';
import { colombianHolidayDates } from '../packages/domain/src/booking/booking.rules.ts';
import { addDays, weekdayOf } from '../packages/domain/src/pico-placa/pico-placa.calendar.ts';
import { apiCaller, createClient, createSelectedVehicle, type Session } from './support/api-session.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { chromePath, launchBrowser, newDesktopPage, screenshot } from './support/browser.ts';
import { enrolTotp, signInToConsole, signOutOfConsole, consoleDay } from './support/operator-session.ts';

/**
 * The issue's console journey (issue 13, decision 039): an admin signs in with TOTP (enrolling first), fixes
 * Medellín's pico y placa rules (the drivers' answer changes at once), closes a branch for a day, and finds the
 * booking in the agenda, its check-in waiting for its day (decision 114; operator-agenda.e2e.ts checks in on
 * the day). On the way, a screenshot of every console screen at 1280 px,
 * and of the agenda and the branches at 390 px.
 */
const TIMEOUT = 20_000;
const ADMIN = { correo: 'admin.recorrido@togo.test', clave: 'clave-admin-recorrido' };
const SEDE = 'TRA-BOG-01';
const SEDE_NOMBRE = 'Punto de Trámites Calle 80';
const BOOKED = 'JRN482';
const MEDELLIN_PLATE = 'MDE123';
const DAY_LABELS: Record<string, string> = { MON: 'Lun', TUE: 'Mar', WED: 'Mié', THU: 'Jue', FRI: 'Vie' };

/** The `n`-th Monday–Friday that is not a holiday, after today (Bogotá). */
function workday(n: number): string {
  const today = bogotaToday(new Date());
  const year = Number(today.slice(0, 4));
  const holidays = new Set([...colombianHolidayDates(year), ...colombianHolidayDates(year + 1)]);
  let found = 0;
  for (let i = 1; ; i++) {
    const date = addDays(today, i);
    if (DAY_LABELS[weekdayOf(date)] && !holidays.has(date) && ++found === n) return date;
  }
}

describe.skipIf(!chromePath)('operator console: the issue’s journey', () => {
  let server: RunningApp;
  let browser: Browser;
  let driver: Session;
  let medellinVehicle = 0;
  const fecha = workday(1);
  const closedDay = workday(2);
  const call = <T>(method: string, path: string, body?: unknown, token?: string) =>
    apiCaller(server)<T>(method, path, body, token);

  beforeAll(async () => {
    server = await startApp({
      env: { ADMIN_EMAIL: ADMIN.correo, ADMIN_PASSWORD: ADMIN.clave, OPERATOR_TOTP_ROLES: 'admin' },
    });
    browser = await launchBrowser();
    driver = await createClient(server, {
      email: 'conductora.recorrido@correo.com',
      phone: '3157770033',
      password: 'ClaveSegura123',
      nombres: 'Lucía',
      apellidos: 'Gómez',
    });
    await createSelectedVehicle(server, driver, BOOKED);
    medellinVehicle = (
      await call<{ id: number }>(
        'POST',
        '/api/togo/vehicle/',
        {
          documento_propietario: '1020304050',
          tipo_documento_propietario: 1,
          placa: MEDELLIN_PLATE,
          kilometraje_digitado: '30000',
          department: 5,
          city: 5001,
        },
        driver.token,
      )
    ).id;
    // A trámite at 10:00 on the first workday, paid on site: the booking the admin checks in.
    await call(
      'POST',
      '/wh/tramites/agenda/',
      {
        sessionInfo: {
          parameters: {
            placa: BOOKED,
            ciudad: '11001',
            sede: SEDE,
            tramite: ['TRASPASO'],
            celular: '573157770033',
            tipo_identificacion: 'CC',
            numero_identificacion: '1020304050',
            nombre: 'Lucía Gómez',
            correo: 'conductora.recorrido@correo.com',
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

  const picoPlacaStatus = async (date: string) =>
    (
      await call<{ status: string }>(
        'GET',
        `/api/togo/pico-placa/?id_garaje=${medellinVehicle}&fecha=${date}`,
        undefined,
        driver.token,
      )
    ).status;

  /** Opens a section from the navigation and waits for its heading. */
  async function open(page: Page, link: string, heading = link) {
    await page
      .getByRole('navigation', { name: 'Secciones de la consola' })
      .getByRole('link', { name: link })
      .click();
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor({ timeout: TIMEOUT });
  }

  it('signs in with TOTP, fixes Medellín, closes a branch for a day and finds a booking whose check-in waits for its day', async () => {
    const page = await newDesktopPage(browser);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Sign-in with TOTP: the first time enrols from the QR's secret; the second signs in with a code.
    await signInToConsole(page, server.url, ADMIN);
    const secret = await enrolTotp(page);
    await page.getByRole('heading', { name: 'Inicio' }).waitFor({ timeout: TIMEOUT });
    await signOutOfConsole(page);
    await signInToConsole(page, server.url, { ...ADMIN, secret });
    await page.getByRole('heading', { name: 'Ingresos pagados hoy' }).waitFor({ timeout: TIMEOUT });
    await screenshot(page, 'operator-journey-inicio-1280');

    // Pico y placa: Medellín's rules ended; a new rule restricts the plate's digit on `fecha`.
    expect(await picoPlacaStatus(fecha)).toBe('unknown');
    await open(page, 'Pico y placa');
    const cities = page.getByRole('table', { name: /ciudades y estado/i });
    const medellin = cities.getByRole('row').filter({ hasText: 'Medellín' });
    await medellin.getByText('Vencida').waitFor({ timeout: TIMEOUT });
    await screenshot(page, 'operator-journey-pico-placa-1280');
    await medellin.getByRole('button').click();
    await page.getByRole('group', { name: /^Regla 1/ }).waitFor({ timeout: TIMEOUT });
    const rules = await page.getByRole('group', { name: /^Regla \d+/ }).count();
    await page.getByRole('button', { name: '+ Agregar regla' }).click();
    const rule = page.getByRole('group', { name: new RegExp(`^Regla ${rules + 1}`) });
    const digit = rule.getByRole('button', {
      name: `${DAY_LABELS[weekdayOf(fecha)]}: dígito 3`,
      exact: true,
    });
    if ((await digit.getAttribute('aria-pressed')) !== 'true') await digit.click();
    await page
      .getByRole('table', { name: /restricción por fecha/i })
      .getByText('PyP')
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Guardar reglas' }).click();
    await page.getByText(/guardado como versión 1/i).waitFor({ timeout: TIMEOUT });
    await medellin.getByText('Vigente').waitFor({ timeout: TIMEOUT });
    await screenshot(page, 'operator-journey-pico-placa-medellin-1280');
    expect(await picoPlacaStatus(fecha)).toBe('restricted');

    // Sedes: the paged list, the map picker of the edit form, then a day's closure.
    await open(page, 'Sedes');
    await page.getByText(/de \d+ sedes/).waitFor({ timeout: TIMEOUT });
    await screenshot(page, 'operator-journey-sedes-1280');
    const filters = page.getByRole('form', { name: 'Filtros de sedes' });
    await filters.getByLabel('Nombre o código').fill(SEDE);
    await filters.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByText('1–1 de 1 sede', { exact: true }).waitFor({ timeout: TIMEOUT });
    await page.getByRole('button', { name: `Editar ${SEDE_NOMBRE}` }).click();
    const form = page.getByRole('form', { name: `Editar ${SEDE_NOMBRE}` });
    const map = form.locator('.leaflet-container');
    await map.waitFor({ timeout: TIMEOUT });
    const latitude = form.getByLabel('Latitud');
    const before = await latitude.inputValue();
    // The form grew (department and municipality pickers): the map may start below the fold.
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + 40, box.y + box.height / 2 + 30);
    await expect.poll(() => latitude.inputValue(), { timeout: TIMEOUT }).not.toBe(before);
    await screenshot(page, 'operator-journey-sede-mapa-1280');
    await form.getByRole('button', { name: 'Cancelar' }).click();

    await page.getByRole('button', { name: `Cierres de ${SEDE_NOMBRE}` }).click();
    const closeForm = page.getByRole('form', { name: 'Cerrar un día' });
    await closeForm.getByLabel('Fecha del cierre').fill(closedDay);
    await closeForm.getByLabel('Motivo').fill('Mantenimiento eléctrico');
    await closeForm.getByRole('button', { name: 'Cerrar ese día' }).click();
    await page
      .getByText(`Sede cerrada el ${await consoleDay(page, closedDay)}.`)
      .waitFor({ timeout: TIMEOUT });
    await screenshot(page, 'operator-journey-sede-cierre-1280');
    const slots = await call<{ fecha: string; slots: unknown[] }[]>(
      'POST',
      BOOKING_PATHS.slots,
      { sede: SEDE, fecha_agenda_desde: closedDay, fecha_agenda_hasta: closedDay, from_flow: 'tramites' },
      driver.token,
    );
    expect(slots).toEqual([{ fecha: closedDay, slots: [] }]);

    // Agenda: the booking is listed; check-in opens on its day (still ahead), and the screen says so.
    await open(page, 'Agenda');
    await page.getByLabel('Sede', { exact: true }).selectOption(SEDE);
    await page.getByLabel('Fecha', { exact: true }).fill(fecha);
    const checkIn = page.getByRole('button', { name: `Registrar llegada de ${BOOKED}` });
    await checkIn.waitFor({ timeout: TIMEOUT });
    expect(await checkIn.isDisabled()).toBe(true);
    await page
      .getByText(/^Podrás registrar llegadas e inasistencias desde el día de la cita/)
      .waitFor({ timeout: TIMEOUT });
    await screenshot(page, 'operator-journey-agenda-1280');
    const mine = await call<{ results: { placa: string; estado: string }[] }>(
      'GET',
      '/api/togo/agendamientos/',
      undefined,
      driver.token,
    );
    expect(mine.results.find((b) => b.placa === BOOKED)?.estado).toBe('confirmada');

    // The other screens, each once its content is there.
    await open(page, 'Precios');
    await page.getByRole('heading', { name: 'Trámites', exact: true }).waitFor({ timeout: TIMEOUT });
    await screenshot(page, 'operator-journey-precios-1280');
    await open(page, 'Contenido');
    await page.getByRole('cell', { name: 'BANNER_RTM', exact: true }).waitFor({ timeout: TIMEOUT });
    await screenshot(page, 'operator-journey-contenido-1280');
    await open(page, 'Soporte a usuarios');
    await page.getByLabel('Buscar conductor').fill(BOOKED);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText('Lucía Gómez').first().waitFor({ timeout: TIMEOUT });
    await screenshot(page, 'operator-journey-soporte-1280');
    await open(page, 'Equipo');
    await page.getByRole('cell', { name: ADMIN.correo }).first().waitFor({ timeout: TIMEOUT });
    await screenshot(page, 'operator-journey-equipo-1280');
    await open(page, 'Auditoría');
    await page.getByRole('cell', { name: 'Sede: día cerrado' }).first().waitFor({ timeout: TIMEOUT });
    await screenshot(page, 'operator-journey-auditoria-1280');
    // Issue 38: the audit exported as it is filtered, in Excel and CSV, with the actions named in Spanish.
    const [excel] = await Promise.all([
      page.waitForEvent('download', { timeout: TIMEOUT }),
      page.getByRole('button', { name: 'Exportar Excel' }).click(),
    ]);
    expect(excel.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await excel.path());
    const cells = book.worksheets.flatMap((sheet) =>
      sheet.getSheetValues().flatMap((row) => (Array.isArray(row) ? row.map((c) => String(c ?? '')) : [])),
    );
    expect(cells).toContain('Sede: día cerrado');
    const [csv] = await Promise.all([
      page.waitForEvent('download', { timeout: TIMEOUT }),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    expect(readFileSync(await csv.path(), 'utf8')).toContain('Sede: día cerrado');

    // A phone-sized viewport: the agenda with the booking, and the branches.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/operador/agenda`);
    await page.getByRole('heading', { name: 'Agenda', level: 1 }).waitFor({ timeout: TIMEOUT });
    await page.getByLabel('Sede', { exact: true }).selectOption(SEDE);
    await page.getByLabel('Fecha', { exact: true }).fill(fecha);
    await page.getByRole('cell', { name: 'Confirmada' }).waitFor({ timeout: TIMEOUT });
    await screenshot(page, 'operator-journey-agenda-390');
    await page.goto(`${server.url}/operador/sedes`);
    await page.getByText(/de \d+ sedes/).waitFor({ timeout: TIMEOUT });
    await screenshot(page, 'operator-journey-sedes-390');
    await page.context().close();
  }, 240_000);
});
