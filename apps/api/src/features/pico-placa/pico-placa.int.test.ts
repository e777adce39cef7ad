import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PicoPlacaResponse } from '@togo/domain/pico-placa/pico-placa.contract';
import { GROUP_CLIENT } from '@togo/domain/roles';
import { urlConfigs, vehicles } from '../../db/schema.ts';
import { AccountsRepository } from '../accounts/accounts.repository.ts';
import { TokenService } from '../accounts/token.service.ts';
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

beforeAll(async () => {
  t = await createTestApp();
  // Tuesday 24 November 2026, 10:00 in Bogotá (UTC-5): an even date.
  t.clock.set('2026-11-24T15:00:00Z');
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
    });
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
    expect((await ok(`id_garaje=${bogotaCar}&fecha=2026-12-08`)).mensaje).toBe(
      'El 08-12-2026 puedes circular',
    );
    expect((await ok(`id_garaje=${bogotaCar}&fecha=2026-11-28`)).status).toBe('not_restricted');
  });
});

describe('GET /api/togo/pico-placa/ — other cities and vehicles', () => {
  it('motorcycles are exempt in Bogotá', async () => {
    const moto = await vehicle(ana.id, 'XYZ12D', 11001);
    expect(await ok(`id_garaje=${moto}`)).toMatchObject({
      status: 'not_restricted',
      mensaje: 'Hoy puedes circular',
    });
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
    });
    // Inside the rotation (Tuesday 3 March 2026: digits 0 and 3) the rules answer again.
    const march = await ok(`id_garaje=${medellin}&fecha=2026-03-03`);
    expect(march.status).toBe('not_restricted');
    const restricted = await vehicle(ana.id, 'MED120', 5001);
    expect((await ok(`id_garaje=${restricted}&fecha=2026-03-03`)).mensaje).toBe(
      'El 03-03-2026 tienes pico y placa de 05:00 a 20:00',
    );
  });

  it('several windows are joined (Cartagena 07:00–09:00 and 18:00–20:00)', async () => {
    // Thursday 26 November 2026: digits 1 and 2.
    const cartagena = await vehicle(ana.id, 'CTG482', 13001);
    const body = await ok(`id_garaje=${cartagena}&fecha=2026-11-26`);
    expect(body.mensaje).toBe('El 26-11-2026 tienes pico y placa de 07:00 a 09:00 y de 18:00 a 20:00');
    expect(body.ventanas).toEqual([
      { inicio: '07:00', fin: '09:00' },
      { inicio: '18:00', fin: '20:00' },
    ]);
    expect(body.slug).toBe('cartagena');
  });

  it('a city without data is unknown and the embedded page falls back to Bogotá', async () => {
    const leticia = await vehicle(ana.id, 'LET123', 91001);
    expect(await ok(`id_garaje=${leticia}`)).toMatchObject({
      status: 'unknown',
      ciudad: { id: 91001, name: 'Leticia' },
      slug: 'bogota',
      url: 'https://www.pyphoy.com/bogota',
      mensaje: 'Sin información vigente para Leticia',
    });
  });

  it('a vehicle without a city is unknown', async () => {
    const nowhere = await vehicle(ana.id, 'SIN123', null);
    expect(await ok(`id_garaje=${nowhere}`)).toMatchObject({
      status: 'unknown',
      ciudad: null,
      slug: 'bogota',
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
