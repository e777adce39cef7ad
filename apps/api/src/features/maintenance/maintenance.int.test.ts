import { describe, expect, it } from 'vitest';
import { MAINTENANCE_MSG } from '@togo/domain/maintenance/maintenance.catalogue';
import {
  MAINTENANCE_PATHS as P,
  fuelRecordSchema,
  maintenanceRecordSchema,
  reminderSchema,
} from '@togo/domain/maintenance/maintenance.contract';
import { fillUp, maintenanceWorld, oilChange } from './maintenance.test-support.ts';

const { w, vehicleOf, send, mileage } = maintenanceWorld();

describe('POST/GET vehicle/{id}/mantenimientos/', () => {
  it('needs the token', async () => {
    const id = await vehicleOf(w.ana);
    expect((await send('GET', P.records, id, null)).statusCode).toBe(401);
    expect((await send('POST', P.records, id, null, oilChange())).statusCode).toBe(401);
  });

  it('records a service (201 with its id), lists them newest first and moves the mileage', async () => {
    const id = await vehicleOf(w.ana, 40_000);
    const first = await send(
      'POST',
      P.records,
      id,
      w.ana,
      oilChange({ fecha: '2026-06-01', kilometraje: 41_000 }),
    );
    expect(first.statusCode, first.body).toBe(201);
    const created = maintenanceRecordSchema.parse(first.json());
    expect(created).toMatchObject({
      tipo: 'cambio_aceite',
      costo: 180_000,
      descripcion: null,
      factura_url: null,
    });
    expect(created.id).toBeGreaterThan(0);
    const second = await send('POST', P.records, id, w.ana, {
      fecha: '2026-11-01',
      kilometraje: 45_000,
      tipo: 'frenos',
      descripcion: 'Pastillas delanteras',
      costo: 320_000,
    });
    expect(second.statusCode, second.body).toBe(201);
    const list = await send('GET', P.records, id, w.ana);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((r: { tipo: string }) => r.tipo)).toEqual(['frenos', 'cambio_aceite']);
    expect(await mileage(id)).toBe(45_000);
  });

  it.each([
    ['a negative cost', { costo: -1 }, 'costo'],
    ['text in a number', { kilometraje: '45.000' }, 'kilometraje'],
    ['text in the cost', { costo: 'ciento ochenta mil' }, 'costo'],
    ['a future date', { fecha: '2026-11-23' }, 'fecha'],
    ['an impossible date', { fecha: '2026-02-30' }, 'fecha'],
    ['an unknown type', { tipo: 'lavado' }, 'tipo'],
    ['a missing date', { fecha: undefined }, 'fecha'],
    ['a NUL in the workshop', { taller: 'Taller\u0000' }, 'taller'],
  ])('refuses %s with a 400 on the field and stores nothing', async (_what, change, field) => {
    const id = await vehicleOf(w.ana, 40_000);
    const res = await send('POST', P.records, id, w.ana, oilChange(change));
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json())).toContain(field);
    expect((await send('GET', P.records, id, w.ana)).json()).toEqual([]);
    expect(await mileage(id)).toBe(40_000);
  });

  it('refuses a malformed body and a non-object with 400', async () => {
    const id = await vehicleOf(w.ana);
    const broken = await w.t.app.inject({
      method: 'POST',
      url: `/api/togo/vehicle/${id}/mantenimientos/`,
      headers: { ...w.ana.headers, 'content-type': 'application/json' },
      payload: '{"fecha":',
    });
    expect(broken.statusCode).toBe(400);
    expect((await send('POST', P.records, id, w.ana, [])).statusCode).toBe(400);
  });

  it('deletes a record (204); a second delete and an unknown id are 404', async () => {
    const id = await vehicleOf(w.ana);
    const rec = (await send('POST', P.records, id, w.ana, oilChange())).json() as { id: number };
    expect((await send('DELETE', P.record, id, w.ana, undefined, rec.id)).statusCode).toBe(204);
    expect((await send('DELETE', P.record, id, w.ana, undefined, rec.id)).statusCode).toBe(404);
    expect((await send('DELETE', P.record, id, w.ana, undefined, 0)).statusCode).toBe(404);
  });
});

describe('the odometer rule', () => {
  it('refuses a lower reading on a later date, naming the earlier reading; a correction passes', async () => {
    const id = await vehicleOf(w.ana, 40_000);
    expect(
      (await send('POST', P.records, id, w.ana, oilChange({ fecha: '2026-10-01', kilometraje: 45_000 })))
        .statusCode,
    ).toBe(201);
    const lower = await send('POST', P.fuel, id, w.ana, fillUp({ fecha: '2026-10-15', kilometraje: 44_000 }));
    expect(lower.statusCode).toBe(400);
    expect(lower.json()).toEqual({ kilometraje: [MAINTENANCE_MSG.odometerLower('45.000', '01-10-2026')] });
    expect((await send('GET', P.fuel, id, w.ana)).json()).toEqual([]);

    const higher = await send(
      'POST',
      P.records,
      id,
      w.ana,
      oilChange({ fecha: '2026-09-01', kilometraje: 46_000 }),
    );
    expect(higher.json()).toEqual({ kilometraje: [MAINTENANCE_MSG.odometerHigher('45.000', '01-10-2026')] });

    const corrected = await send(
      'POST',
      P.fuel,
      id,
      w.ana,
      fillUp({ fecha: '2026-10-15', kilometraje: 44_000, correccion: true }),
    );
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(fuelRecordSchema.parse(corrected.json()).correccion).toBe(true);
    expect(await mileage(id)).toBe(44_000);
    // Later readings follow the corrected series.
    expect(
      (await send('POST', P.fuel, id, w.ana, fillUp({ fecha: '2026-10-20', kilometraje: 44_300 })))
        .statusCode,
    ).toBe(201);
    expect(await mileage(id)).toBe(44_300);
  });

  it('a service typed in late for an old date does not lower the mileage', async () => {
    const id = await vehicleOf(w.ana, 60_000);
    expect(
      (await send('POST', P.records, id, w.ana, oilChange({ fecha: '2025-01-10', kilometraje: 30_000 })))
        .statusCode,
    ).toBe(201);
    expect(await mileage(id)).toBe(60_000);
  });
});

describe('POST/GET vehicle/{id}/combustible/', () => {
  it('gives km/gal between two full tanks only, counting the partial fill-ups between them', async () => {
    const id = await vehicleOf(w.ana, 10_000);
    const post = (b: object) => send('POST', P.fuel, id, w.ana, b);
    const first = await post(fillUp({ fecha: '2026-11-01', kilometraje: 10_000, galones: 9.5 }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().rendimiento_km_gal).toBeNull();
    expect(
      (
        await post(fillUp({ fecha: '2026-11-05', kilometraje: 10_150, galones: 4, tanque_lleno: false }))
      ).json().rendimiento_km_gal,
    ).toBeNull();
    const second = await post(fillUp({ fecha: '2026-11-10', kilometraje: 10_400, galones: 6 }));
    expect(second.json().rendimiento_km_gal).toBe(40);
    const list = (await send('GET', P.fuel, id, w.ana)).json() as unknown[];
    expect(
      list.map((f) => fuelRecordSchema.parse(f)).map((f) => [f.kilometraje, f.rendimiento_km_gal]),
    ).toEqual([
      [10_400, 40],
      [10_150, null],
      [10_000, null],
    ]);
  });

  it.each([
    ['gallons over 100', { galones: 100.5 }, 'galones'],
    ['no gallons', { galones: 0 }, 'galones'],
    ['text in gallons', { galones: '10' }, 'galones'],
    ['a negative cost', { costo: -5 }, 'costo'],
    ['a future date', { fecha: '2027-01-01' }, 'fecha'],
    ['no full-tank flag', { tanque_lleno: undefined }, 'tanque_lleno'],
  ])('refuses %s with a 400 and stores nothing', async (_what, change, field) => {
    const id = await vehicleOf(w.ana);
    const res = await send('POST', P.fuel, id, w.ana, fillUp(change));
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json())).toContain(field);
    expect((await send('GET', P.fuel, id, w.ana)).json()).toEqual([]);
  });
});

describe('POST/GET vehicle/{id}/recordatorios/', () => {
  it('needs every km or every months', async () => {
    const id = await vehicleOf(w.ana);
    const res = await send('POST', P.reminders, id, w.ana, { tipo: 'cambio_aceite' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [MAINTENANCE_MSG.everyRequired] });
    expect((await send('GET', P.reminders, id, w.ana)).json()).toEqual([]);
  });

  it('computes the next service by km and by date, whichever first, and a service of its type moves it forward', async () => {
    const id = await vehicleOf(w.ana, 44_600);
    const created = await send('POST', P.reminders, id, w.ana, {
      tipo: 'cambio_aceite',
      cada_km: 5_000,
      cada_meses: 6,
      ultimo_km: 40_000,
      ultima_fecha: '2026-06-15',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(reminderSchema.parse(created.json())).toMatchObject({
      proximo_km: 45_000,
      proxima_fecha: '2026-12-15',
      // 400 km left: pronto.
      estado: 'pronto',
    });
    await send('POST', P.reminders, id, w.ana, {
      tipo: 'llantas',
      cada_meses: 12,
      ultima_fecha: '2025-11-01',
    });
    await send('POST', P.reminders, id, w.ana, { tipo: 'frenos', cada_km: 20_000 });
    const list = (await send('GET', P.reminders, id, w.ana)).json() as { tipo: string; estado: string }[];
    // Overdue first, then soon, then the rest.
    expect(list.map((r) => [r.tipo, r.estado])).toEqual([
      ['llantas', 'vencido'],
      ['cambio_aceite', 'pronto'],
      ['frenos', 'al_dia'],
    ]);
    // Without a last service it counts from today's mileage.
    expect(list[2]).toMatchObject({ ultimo_km: 44_600, proximo_km: 64_600 });

    const service = await send(
      'POST',
      P.records,
      id,
      w.ana,
      oilChange({ fecha: '2026-11-20', kilometraje: 45_200 }),
    );
    expect(service.statusCode, service.body).toBe(201);
    const moved = ((await send('GET', P.reminders, id, w.ana)).json() as { tipo: string }[]).find(
      (r) => r.tipo === 'cambio_aceite',
    );
    expect(moved).toMatchObject({
      ultimo_km: 45_200,
      ultima_fecha: '2026-11-20',
      proximo_km: 50_200,
      proxima_fecha: '2027-05-20',
      estado: 'al_dia',
    });
  });

  it('an older service leaves the reminder alone; a second POST of a type replaces its reminder', async () => {
    const id = await vehicleOf(w.ana, 50_000);
    const first = reminderSchema.parse(
      (
        await send('POST', P.reminders, id, w.ana, { tipo: 'filtros', cada_km: 10_000, ultimo_km: 48_000 })
      ).json(),
    );
    await send(
      'POST',
      P.records,
      id,
      w.ana,
      oilChange({ tipo: 'filtros', fecha: '2026-01-01', kilometraje: 40_000 }),
    );
    const after = (await send('GET', P.reminders, id, w.ana)).json() as unknown[];
    expect(after).toEqual([expect.objectContaining({ id: first.id, ultimo_km: 48_000, proximo_km: 58_000 })]);
    const replaced = await send('POST', P.reminders, id, w.ana, {
      tipo: 'filtros',
      cada_meses: 3,
      ultima_fecha: '2026-11-01',
    });
    expect(replaced.statusCode).toBe(201);
    expect(replaced.json()).toMatchObject({
      id: first.id,
      cada_km: null,
      proxima_fecha: '2027-02-01',
      estado: 'al_dia',
    });
    expect((await send('GET', P.reminders, id, w.ana)).json()).toHaveLength(1);
    expect((await send('DELETE', P.reminder, id, w.ana, undefined, first.id)).statusCode).toBe(204);
    expect((await send('GET', P.reminders, id, w.ana)).json()).toEqual([]);
  });

  it('the state follows the clock and the odometer', async () => {
    const id = await vehicleOf(w.ana, 10_000);
    await send('POST', P.reminders, id, w.ana, {
      tipo: 'bateria',
      cada_meses: 1,
      ultima_fecha: '2026-11-20',
    });
    await send('POST', P.reminders, id, w.ana, {
      tipo: 'alineacion_balanceo',
      cada_km: 1_000,
      ultimo_km: 10_000,
    });
    const states = async () =>
      Object.fromEntries(
        ((await send('GET', P.reminders, id, w.ana)).json() as { tipo: string; estado: string }[]).map(
          (r) => [r.tipo, r.estado],
        ),
      );
    expect(await states()).toEqual({ bateria: 'al_dia', alineacion_balanceo: 'al_dia' });
    await send('POST', P.fuel, id, w.ana, fillUp({ fecha: '2026-11-21', kilometraje: 10_500 }));
    w.t.clock.set('2026-12-05T12:00:00Z');
    expect(await states()).toEqual({ bateria: 'pronto', alineacion_balanceo: 'pronto' });
    await send('POST', P.fuel, id, w.ana, fillUp({ fecha: '2026-12-05', kilometraje: 11_000 }));
    w.t.clock.set('2026-12-20T12:00:00Z');
    expect(await states()).toEqual({ bateria: 'vencido', alineacion_balanceo: 'vencido' });
    w.t.clock.set('2026-11-22T12:00:00Z');
  });

  it.each([
    [{ tipo: 'frenos', cada_km: -1 }, 'cada_km'],
    [{ tipo: 'frenos', cada_km: '5000' }, 'cada_km'],
    [{ tipo: 'frenos', cada_meses: 1.5 }, 'cada_meses'],
    [{ tipo: 'frenos', cada_meses: 6, ultima_fecha: '2026-12-01' }, 'ultima_fecha'],
    [{ tipo: 'frenos', cada_km: 1000, ultimo_km: 'mucho' }, 'ultimo_km'],
  ])('refuses %j with a 400 on %s', async (body, field) => {
    const id = await vehicleOf(w.ana);
    const res = await send('POST', P.reminders, id, w.ana, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json())).toContain(field);
    expect((await send('GET', P.reminders, id, w.ana)).json()).toEqual([]);
  });
});
