import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyUser } from '../apps/api/src/features/fleet/fleet.test-support.ts';
import { vehicles } from '../apps/api/src/db/schema.ts';
import {
  apiCaller,
  createClient,
  createSelectedVehicle,
  signedInPage,
  type Session,
  type VehicleJson,
} from './support/api-session.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { axeViolations } from './support/axe.ts';
import { chromePath, launchBrowser, newMobilePage, screenshot } from './support/browser.ts';

const TIMEOUT = 20_000;
/** Tuesday 1 Dec 2026, 10:00 in Bogotá: the day issue 33 was tried. */
const NOW = new Date('2026-12-01T15:00:00Z');

/**
 * Issue 33 as a driver and a company see it at 390 px: Bogotá's open-ended rule, never re-verified, answers "Por
 * confirmar" with its sources as links; Neiva (no embedded page of its own) never shows Bogotá's page; a company's
 * 'Hoy' lists a Medellín vehicle (no rule in force since August) as "Sin información", never as free. axe-core
 * finds nothing on any screen visited.
 */
describe.skipIf(!chromePath)('pico y placa tells only what TOGO knows (Chromium, 390 px)', () => {
  let server: RunningApp;
  let browser: Browser;
  let session: Session;
  const pages: Page[] = [];

  const noViolations = async (page: Page, name: string) => {
    const violations = await axeViolations(page);
    expect([name, violations]).toEqual([name, []]);
  };

  beforeAll(async () => {
    server = await startApp({ now: NOW });
    browser = await launchBrowser();
    session = await createClient(server, {
      email: 'pyp.e2e@correo.com',
      phone: '3105550733',
      password: 'ClaveSegura2026',
      nombres: 'Marta',
      apellidos: 'Lozano Díaz',
    });
  });

  afterAll(async () => {
    for (const page of pages) await page.context().close();
    await browser?.close();
    await server?.close();
  });

  async function driverPage(vehicle: VehicleJson): Promise<Page> {
    const page = await signedInPage(browser, session, vehicle, { now: NOW });
    pages.push(page);
    await page.goto(`${server.url}/app/alerts/pico-placa`);
    await page.getByRole('heading', { name: /^La medida en / }).waitFor({ timeout: TIMEOUT });
    return page;
  }

  it('Bogotá: the rule with its digits, "Por confirmar" and a link to each source', async () => {
    const vehicle = await createSelectedVehicle(server, session, 'PYP125');
    const page = await driverPage(vehicle);
    await page.getByRole('heading', { name: 'Pico y Placa en Bogotá' }).waitFor();
    const day = page.locator('.pico-placa-day');
    expect(await day.getByRole('heading', { level: 2 }).textContent()).toBe(
      'La medida en Bogotá, martes 1 dic 2026',
    );
    expect(await day.textContent()).toMatch(/Dígitos con pico y placa: .+ \(carros particulares\)/);
    const certainty = day.locator('.pico-placa-day__certainty');
    expect(await certainty.getAttribute('class')).toContain('pico-placa-day__certainty--por_confirmar');
    expect(await certainty.textContent()).toMatch(
      /^Por confirmar Última verificación: \d{1,2} [a-z]{3} \d{4}\.$/,
    );
    const sources = day.getByRole('link', { name: /^Fuente \d+: / });
    expect(await sources.count()).toBeGreaterThan(0);
    for (const link of await sources.all()) {
      expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(await link.getAttribute('target')).toBe('_blank');
    }
    expect(await page.locator('.pico-placa__message').textContent()).toContain('(por confirmar)');
    await noViolations(page, 'pico-placa bogota');
    await screenshot(page, 'pico-placa-truth-bogota');
  });

  it("Neiva: its own rule and certainty, and never Bogotá's page", async () => {
    const call = apiCaller(server);
    const created = await call<VehicleJson>(
      'POST',
      '/api/togo/vehicle/',
      {
        documento_propietario: '1020304050',
        tipo_documento_propietario: 1,
        placa: 'NVA482',
        kilometraje_digitado: '30100',
        department: 41,
        city: 41001,
      },
      session.token,
    );
    await server.drainJobs();
    const vehicle = await call<VehicleJson>(
      'PUT',
      `/api/togo/vehicle/${created.id}/set_garaje_selected/`,
      {},
      session.token,
    );
    const page = await driverPage(vehicle);
    await page.getByRole('heading', { name: 'Pico y Placa en Neiva' }).waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    await page.getByText('Neiva no tiene una página de pico y placa para mostrar aquí.').waitFor();
    expect(await page.locator('.pico-placa-day__badge').textContent()).toMatch(/^(Vigente|Por confirmar)$/);
    await noViolations(page, 'pico-placa neiva');
    await screenshot(page, 'pico-placa-truth-neiva');
  });

  it("a company's 'Hoy' shows a Medellín vehicle as 'Sin información', never as free", async () => {
    const company = await createCompanyUser({ database: server.database, clock: { now: () => NOW } });
    const add = (placa: string, cityId: number) =>
      server.database.db.insert(vehicles).values({
        userId: company.id,
        placa,
        documentoPropietario: '900123456',
        tipoDocumentoPropietario: 5,
        departmentId: Math.floor(cityId / 1000),
        cityId,
      });
    await add('MED123', 5001);
    await add('BOG123', 11001);
    const page = await newMobilePage(browser, { now: NOW });
    pages.push(page);
    await page.addInitScript((token) => {
      localStorage.setItem('token', token);
      localStorage.setItem(
        'userInfo',
        JSON.stringify({
          nombres: 'Transportes',
          apellidos: 'Andinos',
          ids_roles: [2],
          is_first_login_togo: false,
        }),
      );
    }, company.token);
    await page.goto(`${server.url}/flota/hoy`);
    // The summary holds its place with dashes until the answer (aria-busy): the counts are what comes after.
    const summary = page.locator('[aria-label="Resumen de la flota"][aria-busy="false"]');
    await summary.getByText('sin información de pico y placa').waitFor({ timeout: TIMEOUT });
    expect((await summary.textContent())?.replace(/\s+/g, ' ')).toContain(
      '1 sin información de pico y placa',
    );
    const row = page.locator('table tbody tr', { hasText: 'MED123' });
    await row.waitFor({ timeout: TIMEOUT });
    expect(await row.locator('.fleet-state').textContent()).toBe('Sin información');
    expect(await row.textContent()).toContain('Sin información vigente de pico y placa en Medellín');
    expect(await page.locator('table tbody tr', { hasText: 'BOG123' }).count()).toBe(0);
    await noViolations(page, 'flota hoy');
    await screenshot(page, 'pico-placa-truth-flota-hoy');
  });
});
