import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PicoPlacaResponse } from '@togo/domain/pico-placa/pico-placa.contract';
import { GROUP_CLIENT } from '@togo/domain/roles';
import { picoPlacaCities, urlConfigs, vehicles } from '../../db/schema.ts';
import { AccountsRepository } from '../accounts/accounts.repository.ts';
import { TokenService } from '../../http/session-tokens.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
let ana: { id: number; headers: Record<string, string> };
let beto: { id: number; headers: Record<string, string> };

async function person(email: string) {
  const repo = new AccountsRepository(t.database.db);
  const user = await repo.insertUser({ email, nombres: 'Prueba', apellidos: 'Pico', groupId: GROUP_CLIENT });
  const token = await new TokenService(repo, t.clock).issue(user.id);
  return { id: user.id, headers: { authorization: `Token ${token}` } };
}

async function vehicle(userId: number, placa: string, cityId: number | null) {
  const [row] = await t.database.db
    .insert(vehicles)
    .values({
      userId,
      placa,
      documentoPropietario: '1020304050',
      tipoDocumentoPropietario: 1,
      departmentId: cityId === null ? null : Math.floor(cityId / 1000),
      cityId,
    })
    .returning({ id: vehicles.id });
  if (!row) throw new Error('no vehicle');
  return row.id;
}

const pico = (query: string, headers = ana.headers) =>
  t.app.inject({ method: 'GET', url: `/api/togo/pico-placa/?${query}`, headers });

async function ok(query: string, headers = ana.headers): Promise<PicoPlacaResponse> {
  const res = await pico(query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PicoPlacaResponse>();
}

let bogotaCar: number;

/** Bogotá's stored rules with the parity rule verified on `verifiedOn` (the seed's own date may change). */
async function verifyBogota(verifiedOn: string) {
  const [row] = await t.database.db
    .select({ data: picoPlacaCities.data })
    .from(picoPlacaCities)
    .where(eq(picoPlacaCities.key, 'bogota'));
  const city = row?.data as { rules: { id: string; verified_on?: string; review_by?: string }[] };
  for (const rule of city.rules) {
    if (rule.id !== 'bogota-particulares-paridad') continue;
    rule.verified_on = verifiedOn;
    delete rule.review_by;
  }
  await t.database.db.update(picoPlacaCities).set({ data: city }).where(eq(picoPlacaCities.key, 'bogota'));
}

beforeAll(async () => {
  t = await createTestApp();
  // Tuesday 24 November 2026, 10:00 in Bogotá (UTC-5): an even date.
  t.clock.set('2026-11-24T15:00:00Z');
  // Verified 1 October 2026: confirmed until 2 April 2027 (183 days), por confirmar after.
  await verifyBogota('2026-10-01');
  ana = await person('ana.pico@correo.com');
  beto = await person('beto.pico@correo.com');
  bogotaCar = await vehicle(ana.id, 'ABC123', 11001);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/togo/pico-placa/ — Bogotá car ABC123 (last digit 3)', () => {
  it('even date today: restricted 06:00–21:00', async () => {
    const body = await ok(`id_garaje=${bogotaCar}`);
    expect(body).toEqual({
      fecha: '2026-11-24',
      status: 'restricted',
      ciudad: { id: 11001, name: 'Bogotá' },
      slug: 'bogota',
      url: 'https://www.pyphoy.com/bogota',
      iframe_height: 600,
      mensaje: 'Hoy tienes pico y placa de 06:00 a 21:00',
      ventanas: [{ inicio: '06:00', fin: '21:00' }],
      regla: {
        id: 'bogota-particulares-paridad',
        confidence: 'high',
        sources: expect.arrayContaining([expect.stringMatching(/^https:\/\//)]) as string[],
      },
      certeza: 'vigente',
      festivo: null,
      fuentes: body.regla?.sources,
      verificado_el: '2026-10-01',
      digitos: [1, 2, 3, 4, 5],
      horario: [{ inicio: '06:00', fin: '21:00' }],
    });
    expect(body.fuentes.length).toBeGreaterThan(0);
  });

  it('after the review date the last verified rule still answers, por confirmar', async () => {
    // Tuesday 4 May 2027 (even): 1–5 restricted; 2027-04-02 was the last confirmed day.
    const body = await ok(`id_garaje=${bogotaCar}&fecha=2027-05-04`);
    expect(body).toMatchObject({
      status: 'restricted',
      certeza: 'por_confirmar',
      verificado_el: '2026-10-01',
      mensaje: 'El 04-05-2027 tienes pico y placa de 06:00 a 21:00 (por confirmar)',
      digitos: [1, 2, 3, 4, 5],
    });
    expect(body.fuentes.length).toBeGreaterThan(0);
    expect((await ok(`id_garaje=${bogotaCar}&fecha=2027-04-02`)).certeza).toBe('vigente');
  });

  it('names the holiday, for any year (Reyes 2028 moved to Monday 10 January)', async () => {
    const reyes = await ok(`id_garaje=${bogotaCar}&fecha=2028-01-10`);
    expect(reyes).toMatchObject({
      status: 'not_restricted',
      festivo: 'Reyes Magos',
      digitos: [],
      horario: [],
      mensaje: 'El 10-01-2028 puedes circular (por confirmar)',
    });
    expect((await ok(`id_garaje=${bogotaCar}&fecha=2028-01-12`)).festivo).toBeNull();
  });

  it('odd date given as fecha: can circulate, with the date in the message', async () => {
    const body = await ok(`id_garaje=${bogotaCar}&fecha=2026-11-25`);
    expect(body).toMatchObject({
      fecha: '2026-11-25',
      status: 'not_restricted',
      mensaje: 'El 25-11-2026 puedes circular',
      ventanas: [],
      regla: null,
    });
  });

  it('odd date today: Hoy puedes circular', async () => {
    t.clock.set('2026-11-25T15:00:00Z');
    try {
      expect((await ok(`id_garaje=${bogotaCar}`)).mensaje).toBe('Hoy puedes circular');
    } finally {
      t.clock.set('2026-11-24T15:00:00Z');
    }
  });

  it('"today" is the date in Bogotá, not in UTC', async () => {
    // 03:00 UTC on the 25th is still 22:00 of Tuesday the 24th in Bogotá.
    t.clock.set('2026-11-25T03:00:00Z');
    try {
      expect((await ok(`id_garaje=${bogotaCar}`)).mensaje).toBe('Hoy tienes pico y placa de 06:00 a 21:00');
    } finally {
      t.clock.set('2026-11-24T15:00:00Z');
    }
  });

  it('another even date: El dd-MM-yyyy tienes pico y placa', async () => {
    const body = await ok(`id_garaje=${bogotaCar}&fecha=2026-11-26`);
    expect(body.status).toBe('restricted');
    expect(body.mensaje).toBe('El 26-11-2026 tienes pico y placa de 06:00 a 21:00');
  });

  it('no pico y placa on a holiday (8 December 2026, even) nor on a weekend', async () => {
    const holiday = await ok(`id_garaje=${bogotaCar}&fecha=2026-12-08`);
    expect(holiday).toMatchObject({
      mensaje: 'El 08-12-2026 puedes circular',
      festivo: 'Inmaculada Concepción',
      digitos: [],
    });
    expect((await ok(`id_garaje=${bogotaCar}&fecha=2026-11-28`)).status).toBe('not_restricted');
  });
});

describe('GET /api/togo/pico-placa/ — other cities and vehicles', () => {
  it('motorcycles are exempt in Bogotá, as sure as Bogotá’s rules that day', async () => {
    const moto = await vehicle(ana.id, 'XYZ12D', 11001);
    const body = await ok(`id_garaje=${moto}`);
    expect(body).toMatchObject({
      status: 'not_restricted',
      mensaje: 'Hoy puedes circular',
      certeza: 'vigente',
      digitos: [],
    });
    expect(body.fuentes.length).toBeGreaterThan(0);
  });

  it('a date after the rule’s end is unknown (Medellín rotation ended 31 July 2026)', async () => {
    const medellin = await vehicle(ana.id, 'MED124', 5001);
    const body = await ok(`id_garaje=${medellin}`);
    expect(body).toEqual({
      fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string,
      status: 'unknown',
      ciudad: { id: 5001, name: 'Medellín' },
      slug: 'medellin',
      url: 'https://www.pyphoy.com/medellin',
      iframe_height: 600,
      mensaje: 'Sin información vigente para Medellín',
      ventanas: [],
      regla: null,
      certeza: 'sin_informacion',
      festivo: null,
      fuentes: [],
      verificado_el: null,
      digitos: [],
      horario: [],
    });
    // Inside the rotation (Tuesday 3 March 2026: digits 0 and 3) the rules answer again.
    const march = await ok(`id_garaje=${medellin}&fecha=2026-03-03`);
    expect(march).toMatchObject({ status: 'not_restricted', certeza: 'vigente', digitos: [0, 3] });
    expect(march.fuentes.length).toBeGreaterThan(0);
    const restricted = await vehicle(ana.id, 'MED120', 5001);
    expect((await ok(`id_garaje=${restricted}&fecha=2026-03-03`)).mensaje).toBe(
      'El 03-03-2026 tienes pico y placa de 05:00 a 20:00',
    );
  });

  it('several windows are joined (Cartagena 07:00–09:00 and 18:00–20:00)', async () => {
    // Thursday 26 November 2026: the working-day rotation gives 3 and 4.
    const cartagena = await vehicle(ana.id, 'CTG483', 13001);
    const body = await ok(`id_garaje=${cartagena}&fecha=2026-11-26`);
    // Open-ended, last verified 12 March 2026: the answer stands, por confirmar.
    expect(body.mensaje).toBe(
      'El 26-11-2026 tienes pico y placa de 07:00 a 09:00 y de 18:00 a 20:00 (por confirmar)',
    );
    expect(body.certeza).toBe('por_confirmar');
    expect(body.ventanas).toEqual([
      { inicio: '07:00', fin: '09:00' },
      { inicio: '18:00', fin: '20:00' },
    ]);
    expect(body.slug).toBe('cartagena');
    expect(body.digitos).toEqual([3, 4]);
    expect(body.horario).toEqual(body.ventanas);
  });

  it('a plate free that day still gets the day’s digits and hours (Cartagena, working-day rotation)', async () => {
    // Tuesday 18 August 2026, after the Monday holiday: 5 and 6 (a weekday table would say 7 and 8).
    const cartagena = await vehicle(ana.id, 'CTG481', 13001);
    expect(await ok(`id_garaje=${cartagena}&fecha=2026-08-18`)).toMatchObject({
      status: 'not_restricted',
      digitos: [5, 6],
      horario: [
        { inicio: '07:00', fin: '09:00' },
        { inicio: '18:00', fin: '20:00' },
      ],
      ventanas: [],
    });
  });

  it('a city without data is unknown, and without an embedded page of its own shows none', async () => {
    const leticia = await vehicle(ana.id, 'LET123', 91001);
    expect(await ok(`id_garaje=${leticia}`)).toMatchObject({
      status: 'unknown',
      certeza: 'sin_informacion',
      ciudad: { id: 91001, name: 'Leticia' },
      slug: null,
      url: null,
      mensaje: 'Sin información vigente para Leticia',
    });
  });

  it('Neiva and Montería never get Bogotá’s page under their own name', async () => {
    for (const [cityId, plate] of [
      [41001, 'NEI123'],
      [23001, 'MON123'],
    ] as const) {
      const car = await vehicle(ana.id, plate, cityId);
      const body = await ok(`id_garaje=${car}`);
      expect(body.slug, String(cityId)).toBeNull();
      expect(body.url, String(cityId)).toBeNull();
    }
  });

  it('a vehicle without a city is unknown', async () => {
    const nowhere = await vehicle(ana.id, 'SIN123', null);
    expect(await ok(`id_garaje=${nowhere}`)).toMatchObject({
      status: 'unknown',
      certeza: 'sin_informacion',
      ciudad: null,
      slug: null,
      url: null,
      mensaje: 'Sin información vigente para tu ciudad',
    });
  });

  it('uses the everyday city name (Santiago de Cali → Cali)', async () => {
    const cali = await vehicle(ana.id, 'CAL100', 76001);
    const body = await ok(`id_garaje=${cali}`);
    expect(body.ciudad).toEqual({ id: 76001, name: 'Cali' });
    expect(body.slug).toBe('cali');
  });

  it('takes the base URL from url_configs', async () => {
    await t.database.db
      .update(urlConfigs)
      .set({ url: 'https://pico.example.com/' })
      .where(eq(urlConfigs.name, 'pico_placa_base'));
    try {
      expect((await ok(`id_garaje=${bogotaCar}`)).url).toBe('https://pico.example.com/bogota');
    } finally {
      await t.database.db
        .update(urlConfigs)
        .set({ url: 'https://www.pyphoy.com' })
        .where(eq(urlConfigs.name, 'pico_placa_base'));
    }
  });
});

describe('GET /api/togo/pico-placa/ — errors', () => {
  it("answers 404 for another user's vehicle, as if it did not exist", async () => {
    const res = await pico(`id_garaje=${bogotaCar}`, beto.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No encontrado.' });
    expect((await pico('id_garaje=999999')).json()).toEqual({ detail: 'No encontrado.' });
  });

  it('answers 404 for a deleted vehicle', async () => {
    const gone = await vehicle(ana.id, 'DEL123', 11001);
    await t.database.db.update(vehicles).set({ deletedAt: t.clock.now() }).where(eq(vehicles.id, gone));
    expect((await pico(`id_garaje=${gone}`)).statusCode).toBe(404);
  });

  it('rejects a bad fecha', async () => {
    for (const fecha of ['25-11-2026', '2026-02-30', 'mañana', '2026-1-5']) {
      const res = await pico(`id_garaje=${bogotaCar}&fecha=${encodeURIComponent(fecha)}`);
      expect(res.statusCode, fecha).toBe(400);
      expect(res.json()).toEqual({ fecha: ['Fecha inválida. Usa el formato AAAA-MM-DD.'] });
    }
  });

  it('rejects a missing or non-numeric id_garaje', async () => {
    const missing = await pico('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ id_garaje: ['Este campo es obligatorio.'] });
    expect((await pico('id_garaje=abc')).json()).toEqual({ id_garaje: ['Debe ser un número entero.'] });
  });

  it('needs the token', async () => {
    expect((await pico(`id_garaje=${bogotaCar}`, {})).statusCode).toBe(401);
  });
});
