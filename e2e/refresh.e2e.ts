import type { Fine } from '@togo/domain/garage/registry.contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startLocalServer, type LocalServer } from '../apps/api/src/test/local-server.ts';
import {
  apiCaller,
  createClient,
  createSelectedVehicle,
  signedInPage,
  type Session,
  type VehicleJson,
} from './support/api-session.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { chromePath, launchBrowser, newDesktopPage, screenshot } from './support/browser.ts';

const TIMEOUT = 15_000;
const PLACA = 'RFR123';

function fine(numero: string, fecha: string, total: number): Fine {
  return {
    numero,
    tipo: 'Comparendo - C02 Estacionar un vehículo en sitios prohibidos.',
    estado: 'vigente',
    total,
    fecha_infraccion: fecha,
    placa: PLACA,
    infractor: '1020304050',
    descripcion: 'Estacionar un vehículo en sitios prohibidos.',
    categoria: 'C02',
  };
}

/**
 * Issue 15's refresh as a driver sees it (390 px): how old the fines are ('Actualizado hace…') on the fines screen, "Actualizar ahora"
 * fetches a new fine from the provider (a local fake of the fines HTTP API whose answer changes), the fine and its
 * notification show in the app (home notifications, Historial de avisos), and a second "Actualizar" within the
 * hour is refused with the Spanish message and the time left.
 */
describe.skipIf(!chromePath)('scheduled refresh journey (Chromium)', () => {
  let fake: LocalServer;
  let server: RunningApp;
  let browser: Browser;
  let session: Session;
  let vehicle: VehicleJson;
  let call: ReturnType<typeof apiCaller>;
  const fines: Fine[] = [fine('11001000111122223333', '2026-10-02', 633_200)];

  beforeAll(async () => {
    fake = await startLocalServer((req, _body, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (url.pathname !== '/simit/fines') return sendJson(res, 404, { detail: 'no existe' });
      sendJson(res, 200, { comparendos_vehiculo: fines, comparendos_persona: [] });
    });
    server = await startApp({
      env: { FINES_PROVIDER: 'http', FINES_URL: `${fake.url}/simit/`, FINES_API_KEY: 'clave-multas-e2e' },
    });
    call = apiCaller(server);
    browser = await launchBrowser();
    session = await createClient(server, {
      email: 'actualizar.e2e@correo.com',
      phone: '3105550404',
      password: 'ClaveSegura2026',
      nombres: 'Lucía',
      apellidos: 'Martínez Ortiz',
    });
    vehicle = await createSelectedVehicle(server, session, PLACA);
    // No quiet hours (desde = hasta): the journey runs at any hour, and at night (21:00–07:00 in Bogotá, the
    // default) the email would be held instead of sent.
    await call(
      'PUT',
      '/api/togo/notificacion/preferencias/',
      { silencio: { desde: '00:00', hasta: '00:00' } },
      session.token,
    );
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await fake?.close();
  });

  it('shows how old the fines are, refreshes a new fine with its notice, and refuses a second refresh', async () => {
    const page = await signedInPage(browser, session, vehicle);
    await page.goto(`${server.url}/app/alerts/infracciones`);
    await page.getByRole('heading', { name: 'Tienes Multas pendientes' }).waitFor({ timeout: TIMEOUT });
    await page.getByText(`1 comparendo por pagar · Placa ${PLACA}`).waitFor();
    const when = page.locator('.vehicle-refresh__when', { hasText: /^Actualizado hace / });
    await when.waitFor({ timeout: TIMEOUT });
    expect(await when.textContent()).not.toContain('Aún sin consultar');
    await screenshot(page, 'refresh-before');

    // The provider now answers a new fine.
    fines.push(fine('11001000444455556666', '2026-11-20', 1_266_100));
    const before = fake.requests.length;
    await page.getByRole('button', { name: 'Actualizar ahora' }).click();
    await page.getByText(`2 comparendos por pagar · Placa ${PLACA}`).waitFor({ timeout: TIMEOUT });
    expect(fake.requests.length).toBe(before + 1);
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer clave-multas-e2e');
    // Within the hour the button is disabled and says why and for how long.
    const wait = page
      .getByRole('status')
      .filter({ hasText: 'Ya actualizaste este vehículo hace menos de una hora.' });
    await wait.getByText(/Podrás intentarlo de nuevo en (60|59) minutos\./).waitFor({ timeout: TIMEOUT });
    expect(await page.getByRole('button', { name: 'Actualizar ahora' }).isDisabled()).toBe(true);
    await screenshot(page, 'refresh-after');

    // A second "Actualizar" (another tab, a double click that got through) is refused by the server: 429 in
    // Spanish with the seconds left, and the provider is not called again.
    const again = await fetch(`${server.url}/api/togo/vehicle/${vehicle.id}/actualizar/`, {
      method: 'POST',
      headers: { authorization: `Token ${session.token}` },
    });
    expect(again.status).toBe(429);
    expect(((await again.json()) as { detail: string }).detail).toBe(
      'Ya actualizaste este vehículo hace menos de una hora.',
    );
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(fake.requests.length).toBe(before + 1);

    // The page read again: the limit is kept by the server, not by the tab.
    await page.reload();
    await page.getByText(`2 comparendos por pagar · Placa ${PLACA}`).waitFor({ timeout: TIMEOUT });
    await page.getByText(/Podrás intentarlo de nuevo en (60|59) minutos\./).waitFor({ timeout: TIMEOUT });
    expect(await page.getByRole('button', { name: 'Actualizar ahora' }).isDisabled()).toBe(true);

    // The new fine became one notification: on the home screen and in the Historial de avisos (email sent).
    await page.goto(`${server.url}/app/home`);
    const notice = page.locator('.home-note').filter({ hasText: `Nueva multa para ${PLACA}` });
    await notice.waitFor({ timeout: TIMEOUT });
    expect(await notice.textContent()).toContain('$ 1.266.100 del 20-11-2026');
    await screenshot(page, 'refresh-home-notice');

    await page.goto(`${server.url}/app/profile/avisos`);
    await page.getByRole('heading', { name: 'Historial de avisos' }).waitFor({ timeout: TIMEOUT });
    const entry = page.locator('.profile-history li').filter({ hasText: `Nueva multa para ${PLACA}` });
    await entry.filter({ hasText: 'Enviado' }).first().waitFor({ timeout: TIMEOUT });
    // The opt-in pico y placa notice is off and its switch says what it does (decision 041).
    const pico = page.getByRole('switch', { name: 'Pico y placa de mañana' });
    expect(await pico.isChecked()).toBe(false);
    await screenshot(page, 'avisos-390');
    expect(await pico.getAttribute('aria-describedby')).toBeTruthy();
    await page.getByText(/te avisamos a las 19:00 \(hora de Colombia\) del día anterior/).waitFor();
    await screenshot(page, 'refresh-history');

    const history = await call<{ results: { titulo: string; canal: string; estado: string }[] }>(
      'GET',
      '/api/togo/notificacion/historial/',
      undefined,
      session.token,
    );
    expect(
      history.results.filter((h) => h.titulo === `Nueva multa para ${PLACA}` && h.estado === 'sent'),
    ).toEqual([expect.objectContaining({ canal: 'email' })]);
    await page.context().close();

    // The same history and switch on a desktop browser.
    const desk = await newDesktopPage(browser);
    await desk.addInitScript(
      ({ token, userInfo, vehicleSelected }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('userInfo', JSON.stringify(userInfo));
        localStorage.setItem('vehicleSelected', JSON.stringify(vehicleSelected));
      },
      {
        token: session.token,
        userInfo: { ...session.userInfo, is_first_login_togo: false },
        vehicleSelected: vehicle,
      },
    );
    await desk.goto(`${server.url}/app/profile/avisos`);
    await desk
      .locator('.profile-history li')
      .filter({ hasText: `Nueva multa para ${PLACA}` })
      .first()
      .waitFor({ timeout: TIMEOUT });
    await screenshot(desk, 'refresh-history-desktop');
    await desk.context().close();
  });
});
