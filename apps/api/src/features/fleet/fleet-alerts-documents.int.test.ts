import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FLEET_ALERTS_MSG,
  FLEET_ALERTS_PATH,
  fleetAlertsSchema,
} from '@togo/domain/fleet/fleet-alerts.contract';
import { FLEET_COMPLIANCE_MSG } from '@togo/domain/fleet/fleet-compliance.contract';
import { alertDates, fleetDrivers, providerSnapshots } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { addFleetVehicle } from './fleet-companies.test-support.ts';
import { createCompanyUser } from './fleet.test-support.ts';

/** Alertas beyond SOAT and RTM (issue 37): the driver's licence, the all-risk policy, the road tax, the kit; paging. */

let t: TestContext;
let company: TestUser;

const licence = (...dues: string[]) => ({
  numero_licencia_transito: '123',
  organismo_expedicion: 'STT BOGOTA',
  fecha_expedicion_lic_transito: '2020-01-01',
  estado_lic_transito: 'ACTIVA',
  restricciones_lic_transito: null,
  detalles_lic_transito: dues.map((fechaVencimiento, i) => ({ categoria: `C${i + 1}`, fechaVencimiento })),
});

async function userDate(vehicleId: number, code: string, fecha: string): Promise<void> {
  await t.database.db.insert(alertDates).values({ vehicleId, code, source: 'user', fechaVencimiento: fecha });
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-01-20T15:00:00Z'); // 10:00 in Bogotá
  company = await createCompanyUser(t);
  const registry = { soat: { fecha_vencimiento: '2027-01-01' }, rtm: { fecha_vencimiento: '2027-01-01' } };

  // The owner drives: the owner's licence from the vehicle's registry answer, earliest category (in 10 days).
  await addFleetVehicle(
    t,
    company.id,
    'AAA111',
    { ...registry, licencia: licence('2026-06-01', '2026-01-30') },
    [],
  );

  // A driver: the licence of the driver's look-up for the current document (in 40 days), not the owner's.
  const withDriver = await addFleetVehicle(
    t,
    company.id,
    'BBB222',
    { ...registry, licencia: licence('2020-01-01') },
    [],
  );
  await t.database.db.insert(fleetDrivers).values({
    vehicleId: withDriver,
    origin: 'archivo',
    nombre: 'José Pérez',
    tipoDocumento: 1,
    documento: '1020304050',
  });
  await t.database.db.insert(providerSnapshots).values({
    vehicleId: withDriver,
    kind: 'driver_registry',
    provider: 'demo',
    status: 'ok',
    data: { documento: '1020304050', licencia: licence('2026-03-01') },
  });

  // A new driver not looked up yet: the licence is unknown — neither the owner's expired one nor the one of the
  // earlier driver's look-up (another document).
  const unknownDriver = await addFleetVehicle(
    t,
    company.id,
    'CCC333',
    { ...registry, licencia: licence('2020-01-01') },
    [],
  );
  await t.database.db.insert(providerSnapshots).values({
    vehicleId: unknownDriver,
    kind: 'driver_registry',
    provider: 'demo',
    status: 'ok',
    data: { documento: '11111111', licencia: licence('2026-02-01') },
  });
  await t.database.db.insert(fleetDrivers).values({
    vehicleId: unknownDriver,
    origin: 'asignado',
    tipoDocumento: 1,
    documento: '99887766',
  });

  // The company's own dates: policy expired, road tax in 75 days, extinguisher recharged 2025-02-01 (due
  // 2026-02-01, in 12 days), and a licence date that wins over the registry's.
  const dated = await addFleetVehicle(
    t,
    company.id,
    'DDD444',
    { ...registry, licencia: licence('2030-01-01') },
    [],
  );
  await userDate(dated, 'ALERTA_TODO_RIESGO', '2026-01-05');
  await userDate(dated, 'ALERTA_IMPUESTO', '2026-04-05');
  await userDate(dated, 'ALERTA_KIT', '2025-02-01');
  await userDate(dated, 'ALERTA_LICENCIA', '2026-01-19');
});
afterAll(async () => {
  await t.close();
});

const get = async (query: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${FLEET_ALERTS_PATH}${query}`,
    headers: company.headers,
  });
  return res;
};
const list = (alerts: { placa: string; documento: string; dias: number | null }[]) =>
  alerts.map((a) => `${a.placa}:${a.documento}:${a.dias}`);

describe('Alertas for every document (GET /api/togo/flota/alertas/)', () => {
  it('judges the licence, the policy, the road tax and the extinguisher beside SOAT and RTM', async () => {
    const res = await get('');
    expect(res.statusCode, res.body).toBe(200);
    const body = fleetAlertsSchema.parse(res.json());
    expect(list(body.grupos.vencidos)).toEqual(['DDD444:poliza:-15', 'DDD444:licencia:-1']);
    expect(list(body.grupos.vencen_30)).toEqual(['AAA111:licencia:10', 'DDD444:kit:12']);
    expect(list(body.grupos.vencen_60)).toEqual(['BBB222:licencia:40']);
    expect(list(body.grupos.vencen_90)).toEqual(['DDD444:impuesto:75']);
    expect(body.totales).toEqual({ vencidos: 2, vencen_30: 2, vencen_60: 1, vencen_90: 1 });
    expect(body.page).toBeNull();
  });

  it('counts what it does not know per document instead of calling it up to date', async () => {
    const body = fleetAlertsSchema.parse((await get('')).json());
    // CCC333's driver has no look-up yet; only DDD444 has a policy, a road tax and an extinguisher date.
    expect(body.sin_fecha).toEqual({ soat: 0, rtm: 0, licencia: 1, poliza: 3, impuesto: 3, kit: 3 });
  });

  it('filters one document', async () => {
    const body = fleetAlertsSchema.parse((await get('?documento=licencia')).json());
    expect(body.documento).toBe('licencia');
    expect(list(body.grupos.vencidos)).toEqual(['DDD444:licencia:-1']);
    expect(body.totales).toEqual({ vencidos: 1, vencen_30: 1, vencen_60: 1, vencen_90: 0 });
    expect(body.sin_fecha.licencia).toBe(1);
  });

  it('pages each group and shows one group on its own, with every total', async () => {
    const first = fleetAlertsSchema.parse((await get('?page_size=1')).json());
    expect([first.page, first.page_size]).toEqual([1, 1]);
    expect(list(first.grupos.vencidos)).toEqual(['DDD444:poliza:-15']);
    expect(list(first.grupos.vencen_90)).toEqual(['DDD444:impuesto:75']);
    const second = fleetAlertsSchema.parse((await get('?page_size=1&page=2')).json());
    expect(list(second.grupos.vencidos)).toEqual(['DDD444:licencia:-1']);
    expect(list(second.grupos.vencen_60)).toEqual([]);
    const only = fleetAlertsSchema.parse((await get('?grupo=vencen_30&page=1&page_size=1')).json());
    expect(only.grupo).toBe('vencen_30');
    expect(list(only.grupos.vencen_30)).toEqual(['AAA111:licencia:10']);
    expect(list(only.grupos.vencidos)).toEqual([]);
    expect(only.totales.vencidos).toBe(2);
  });

  it("filters by the driver's name or document, accents and case aside; the owner drives a vehicle without one", async () => {
    const jose = fleetAlertsSchema.parse((await get('?conductor=JOSE%20perez')).json());
    expect(list(jose.grupos.vencen_60)).toEqual(['BBB222:licencia:40']);
    expect(jose.totales).toEqual({ vencidos: 0, vencen_30: 0, vencen_60: 1, vencen_90: 0 });
    const owner = fleetAlertsSchema.parse((await get('?conductor=900123')).json());
    expect(
      new Set(
        Object.values(owner.grupos)
          .flat()
          .map((a) => a.placa),
      ),
    ).toEqual(new Set(['AAA111', 'DDD444']));
    const bad = await get('?conductor=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ conductor: [FLEET_ALERTS_MSG.driverInvalid] });
  });

  it('refuses a bad group, page or page size with 400, and a page past the end with 404', async () => {
    const group = await get('?grupo=manana');
    expect(group.statusCode).toBe(400);
    expect(group.json()).toEqual({ grupo: [FLEET_ALERTS_MSG.groupInvalid] });
    const size = await get('?page_size=501');
    expect(size.statusCode).toBe(400);
    expect(size.json()).toEqual({ page_size: [FLEET_ALERTS_MSG.pageSizeInvalid] });
    expect((await get('?page=0')).statusCode).toBe(400);
    expect((await get('?page=abc')).statusCode).toBe(400);
    const past = await get('?page=3&page_size=1');
    expect(past.statusCode).toBe(404);
    expect(JSON.stringify(past.json())).toContain(FLEET_COMPLIANCE_MSG.pageInvalid);
  });
});
