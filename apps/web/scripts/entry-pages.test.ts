import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertReads, EARLY_READS, fleetTodayReads } from '../src/app/early-reads.ts';
import { routes } from '../src/app/router.tsx';
import { fine, finesAnswer, selectVehicle, VEHICLE } from '../src/features/alerts/alerts.test-support.tsx';
import { todayPath } from '../src/features/fleet/api/compliance.ts';
import { signInCompany } from '../src/features/fleet/fleet.test-support.ts';
import { json, PUBLIC_CONFIG } from '../src/test/fetch-mock.ts';
import { renderRoutes } from '../src/test/render.tsx';
import { ENTRY_PAGES } from './entry-pages.ts';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** A vehicle with one pending fine: the fines screens then show it (and when its registry was read). */
const FINES = finesAnswer([fine()]);

/**
 * Answers every read (the configuration and the fines as they are, the rest with an error) and records the paths
 * asked for.
 */
function recordReads(): string[] {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const path = `${url.pathname}${url.search}`;
      paths.push(path);
      if (path === '/api/config') return json(200, PUBLIC_CONFIG);
      if (url.searchParams.get('code') === 'INFRACCION_TRANSITO') return json(200, FINES);
      return json(503, { detail: 'No disponible.' });
    }),
  );
  return paths;
}

/** The screens whose pages start reads early, other than the entry pages tested in app/early-reads.test.ts. */
const SCREENS_WITH_READS = ENTRY_PAGES.filter(
  (page) => page.earlyReads && !['home', 'fleet', 'rtm'].includes(page.earlyReads),
);

describe("the screens' early reads (decision 134)", () => {
  it('are named by the alert screens, the fines, pico y placa and the fleet’s Hoy', () => {
    expect(SCREENS_WITH_READS.map((page) => page.path)).toEqual([
      '/app/alerts',
      '/app/alerts/soat',
      '/app/alerts/rtm',
      '/app/alerts/licencia-conduccion',
      '/app/alerts/poliza',
      '/app/alerts/impuestos',
      '/app/alerts/kit',
      '/app/alerts/pico-placa',
      '/app/alerts/infracciones',
      '/app/alerts/comparendos',
      '/flota/hoy',
    ]);
  });

  it.each(SCREENS_WITH_READS.map((page) => [page.path, page.earlyReads] as const))(
    '%s asks for every read its page starts early (%s)',
    async (path, set) => {
      if (path.startsWith('/flota')) signInCompany();
      else selectVehicle();
      localStorage.setItem('infoInfracciones', JSON.stringify(FINES));
      const early = EARLY_READS[set as keyof typeof EARLY_READS]('');
      expect(early.length).toBeGreaterThan(1);
      const asked = recordReads();
      renderRoutes(routes, { initialEntries: [path] });
      // Every early read is one the screen asks for itself, so each is adopted and none is wasted.
      await vi.waitFor(() => expect(early.filter((p) => !asked.includes(p))).toEqual([]), {
        timeout: 25_000,
      });
    },
    // A screen's chunks are transformed on first use: slow on a busy host.
    30_000,
  );

  it('start only the configuration without a selected vehicle, and each alert asks for its own code', () => {
    expect(EARLY_READS.soat('')).toEqual(['/api/config']);
    expect(EARLY_READS['pico-placa']('')).toEqual(['/api/config']);
    expect(EARLY_READS['fines-list']('')).toEqual(['/api/config']);
    localStorage.setItem('vehicleSelected', JSON.stringify(VEHICLE));
    expect(EARLY_READS.kit('')[0]).toBe(
      `/api/togo/alerta/get_alerta/?id_garaje=${VEHICLE.id}&code=ALERTA_KIT`,
    );
    expect(alertReads('ALERTA_RTM', { id: 3 }, true)).toEqual([
      '/api/togo/alerta/get_alerta/?id_garaje=3&code=ALERTA_RTM',
      '/api/togo/vehicle/3/actualizacion/',
      '/api/config',
    ]);
    for (const stored of ['{"id":"7"}', '{"id":0}', 'null', '{']) {
      localStorage.setItem('vehicleSelected', stored);
      expect(EARLY_READS.licence('')).toEqual(['/api/config']);
    }
  });

  it("start Hoy's first page only when the address carries no filter: a filtered one asks another page", () => {
    expect(fleetTodayReads('')[0]).toBe(todayPath('atencion', null, null, 1));
    expect(fleetTodayReads('?')[0]).toBe(todayPath('atencion', null, null, 1));
    for (const search of ['?page=2', '?ciudad=05001', '?estado=sin_informacion', '?fecha=2026-12-07']) {
      expect(fleetTodayReads(search).some((p) => p.includes('cumplimiento'))).toBe(false);
    }
  });
});
