import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FLEET_ALERTS_MSG,
  FLEET_ALERTS_PATH,
  fleetAlertsSchema,
} from '@togo/domain/fleet/fleet-alerts.contract';
import { FLEET_COMPLIANCE_MSG } from '@togo/domain/fleet/fleet-compliance.contract';
import { GROUP_CLIENT } from '@togo/domain/roles';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { alertGroup } from './fleet-alerts.service.ts';
import { addFleetVehicle } from './fleet-companies.test-support.ts';
import { createCompanyUser } from './fleet.test-support.ts';

let t: TestContext;
let company: TestUser;
let other: TestUser;
let client: TestUser;

const addVehicle = (owner: TestUser, placa: string, registry?: unknown) =>
  addFleetVehicle(t, owner.id, placa, registry, undefined);

const doc = (soat: string | null, rtm: string | null) => ({
  soat: soat === null ? null : { fecha_vencimiento: soat },
  rtm: rtm === null ? null : { fecha_vencimiento: rtm },
});

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-01-20T15:00:00Z'); // 10:00 in Bogotá
  company = await createCompanyUser(t);
  other = await createCompanyUser(t);
  client = await createCompanyUser(t, GROUP_CLIENT);
  await addVehicle(company, 'AAA111', doc('2026-01-10', '2026-02-15')); // SOAT vencido, RTM in 26 days
  await addVehicle(company, 'BBB222', doc('2026-03-10', '2026-04-15')); // SOAT in 49, RTM in 85
  await addVehicle(company, 'CCC333', doc(null, null)); // registry answered, no SOAT: vencido
  await addVehicle(company, 'DDD444', doc('2027-01-01', '2026-01-20')); // RTM due today: vencen_30 (0 days)
  await addVehicle(company, 'EEE555'); // never looked up: no alerts
  await addVehicle(other, 'ZZZ999', doc('2020-01-01', null));
});
afterAll(async () => {
  await t.close();
});

const get = (user: TestUser, query = '') =>
  t.app.inject({ method: 'GET', url: `${FLEET_ALERTS_PATH}${query}`, headers: user.headers });
const plates = (list: { placa: string; documento: string }[]) => list.map((a) => `${a.placa}:${a.documento}`);

describe('Alertas (GET /api/togo/flota/alertas/)', () => {
  it('groups every expiry in vencidos and due within 30, 60 and 90 days, soonest first', async () => {
    const res = await get(company);
    expect(res.statusCode, res.body).toBe(200);
    const body = fleetAlertsSchema.parse(res.json());
    expect(body.fecha).toBe('2026-01-20');
    expect(plates(body.grupos.vencidos)).toEqual(['CCC333:soat', 'AAA111:soat']);
    expect(body.grupos.vencidos[1]?.dias).toBe(-10);
    expect(body.grupos.vencidos[1]?.ciudad_codigo).toBe('11001');
    expect(body.grupos.vencidos[1]?.vehiculo_id).toBeGreaterThan(0);
    expect(plates(body.grupos.vencen_30)).toEqual(['DDD444:rtm', 'AAA111:rtm']);
    expect(plates(body.grupos.vencen_60)).toEqual(['BBB222:soat']);
    expect(plates(body.grupos.vencen_90)).toEqual(['BBB222:rtm']);
  });

  it('filters by document and judges on the given date', async () => {
    const rtm = fleetAlertsSchema.parse((await get(company, '?documento=rtm')).json());
    expect(plates(rtm.grupos.vencidos)).toEqual([]);
    expect(rtm.documento).toBe('rtm');
    const later = fleetAlertsSchema.parse((await get(company, '?documento=rtm&fecha=2026-02-20')).json());
    expect(plates(later.grupos.vencidos)).toEqual(['DDD444:rtm', 'AAA111:rtm']);
  });

  it('refuses a bad document or date with 400 naming the field', async () => {
    const bad = await get(company, '?documento=pasaporte');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ documento: [FLEET_ALERTS_MSG.documentInvalid] });
    const date = await get(company, '?fecha=2026-02-30');
    expect(date.statusCode).toBe(400);
    expect(JSON.stringify(date.json())).toContain(FLEET_COMPLIANCE_MSG.dateInvalid);
    const long = await get(company, `?documento=${'x'.repeat(5000)}`);
    expect(long.statusCode).toBe(400);
  });

  it('only members: a client gets 403, no token 401, another company sees only its own', async () => {
    expect((await get(client)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: FLEET_ALERTS_PATH })).statusCode).toBe(401);
    const mine = fleetAlertsSchema.parse((await get(other)).json());
    expect(plates(mine.grupos.vencidos)).toEqual(['ZZZ999:soat']);
  });

  it('puts an expiry beyond 90 days in no group', () => {
    expect([alertGroup(-1), alertGroup(0), alertGroup(31), alertGroup(90), alertGroup(91)]).toEqual([
      'vencidos',
      'vencen_30',
      'vencen_60',
      'vencen_90',
      null,
    ]);
  });
});
