import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FLEET_PICO_PLACA_MSG,
  FLEET_PICO_PLACA_PATH,
  fleetPicoPlacaSchema,
  windowAtSlot,
} from '@togo/domain/fleet/fleet-pico-placa.contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createSignedInUser, type TestUser } from '../garage/garage.test-support.ts';
import { createCompanyUser } from './fleet.test-support.ts';

let t: TestContext;
let company: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-01-19T15:00:00Z');
  company = await createCompanyUser(t);
});
afterAll(async () => {
  await t.close();
});

function get(query: string, headers: Record<string, string> = company.headers) {
  return t.app.inject({ method: 'GET', url: `${FLEET_PICO_PLACA_PATH}?${query}`, headers });
}

describe('GET /api/togo/flota/pico-placa/ (issue 37: the bulk booking warns of pico y placa)', () => {
  it("answers each plate's pico y placa in the branch's city on the day, with its restricted windows", async () => {
    // Bogotá, Tuesday 20 Jan 2026 (an even date): plates ending 1–5 are restricted (the engine's test cases).
    const res = await get('fecha=2026-01-20&ciudad=11001&placas=xyz-125,XYZ126');
    expect(res.statusCode, res.body).toBe(200);
    const body = fleetPicoPlacaSchema.parse(res.json());
    expect(body.fecha).toBe('2026-01-20');
    const [restricted, free] = body.vehiculos;
    expect(restricted?.placa).toBe('XYZ125');
    expect(restricted?.pico_placa.status).toBe('restricted');
    expect(restricted?.ventanas.length).toBeGreaterThan(0);
    // A morning booking falls inside Bogotá's restriction; the answer says which window.
    expect(windowAtSlot('8:00 AM', restricted?.ventanas ?? [])).not.toBeNull();
    expect(free).toMatchObject({ placa: 'XYZ126', pico_placa: { status: 'not_restricted' }, ventanas: [] });
  });

  it('says it does not know in a city with no rule, and never that the vehicle may drive', async () => {
    const res = await get('fecha=2026-01-20&ciudad=99999&placas=XYZ125');
    expect(res.statusCode, res.body).toBe(200);
    const [vehicle] = fleetPicoPlacaSchema.parse(res.json()).vehiculos;
    expect(vehicle?.pico_placa).toEqual({ status: 'unknown', certeza: 'sin_informacion' });
    expect(vehicle?.ventanas).toEqual([]);
  });

  it.each([
    ['no plates', 'fecha=2026-01-20&ciudad=11001&placas=', FLEET_PICO_PLACA_MSG.platesInvalid],
    ['a malformed plate', 'fecha=2026-01-20&ciudad=11001&placas=AB%2412', FLEET_PICO_PLACA_MSG.platesInvalid],
    [
      'a city name instead of its code',
      'fecha=2026-01-20&ciudad=Bogota&placas=XYZ125',
      FLEET_PICO_PLACA_MSG.cityInvalid,
    ],
    ['no date', 'ciudad=11001&placas=XYZ125', null],
    [
      'an oversized list',
      `fecha=2026-01-20&ciudad=11001&placas=${'ABC123,'.repeat(600)}`,
      FLEET_PICO_PLACA_MSG.platesInvalid,
    ],
  ])('refuses %s with 400 and a clear message', async (_name, query, message) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(400);
    if (message) expect(res.body).toContain(message);
  });

  it('is for members of an organisation: 401 without a session, 403 for a driver', async () => {
    const anonymous = await get('fecha=2026-01-20&ciudad=11001&placas=XYZ125', {});
    expect(anonymous.statusCode).toBe(401);
    const driver = await createSignedInUser(t);
    const refused = await get('fecha=2026-01-20&ciudad=11001&placas=XYZ125', driver.headers);
    expect(refused.statusCode).toBe(403);
  });
});
