import { describe, expect, it } from 'vitest';
import { MAINTENANCE_PATHS as P } from '@togo/domain/maintenance/maintenance.contract';
import { fillUp, maintenanceWorld, oilChange } from './maintenance.test-support.ts';

const { w, vehicleOf, send, mileage } = maintenanceWorld();

/**
 * The odometer rule under concurrent writes (run on PostgreSQL: PGlite serialises and would hide a race). Two
 * readings that contradict each other — a high one on an earlier date, a low one on a later date — are sent at
 * the same time: whichever is stored first, the other must be refused, so exactly one is stored.
 */
describe('concurrent readings of one vehicle', () => {
  it('never stores two readings that contradict each other', async () => {
    for (let round = 0; round < 8; round++) {
      const id = await vehicleOf(w.ana, 10_000);
      const results = await Promise.all([
        send('POST', P.records, id, w.ana, oilChange({ fecha: '2026-11-10', kilometraje: 20_000 })),
        send('POST', P.fuel, id, w.ana, fillUp({ fecha: '2026-11-20', kilometraje: 15_000 })),
        send('POST', P.fuel, id, w.ana, fillUp({ fecha: '2026-11-15', kilometraje: 25_000 })),
      ]);
      const codes = results.map((r) => r.statusCode);
      for (const code of codes) expect([201, 400]).toContain(code);
      const [rows] = await w.t.database.query<{ readings: { fecha: string; km: number }[] }>(
        `select coalesce(json_agg(json_build_object('fecha', to_char(fecha, 'YYYY-MM-DD'), 'km', kilometraje)
                                  order by fecha), '[]') as readings
         from (select fecha, kilometraje from maintenance_records where vehicle_id = $1
               union all select fecha, kilometraje from fuel_records where vehicle_id = $1) r`,
        [id],
      );
      const stored = rows?.readings ?? [];
      expect(stored.length).toBe(codes.filter((c) => c === 201).length);
      // Stored readings never go down as the dates go up.
      for (let i = 1; i < stored.length; i++) {
        expect(stored[i]!.km, JSON.stringify(stored)).toBeGreaterThanOrEqual(stored[i - 1]!.km);
      }
      expect(await mileage(id)).toBe(Math.max(10_000, ...stored.map((r) => r.km)));
    }
  });

  it('moves a reminder forward once per service when two services arrive together', async () => {
    const id = await vehicleOf(w.ana, 30_000);
    await send('POST', P.reminders, id, w.ana, { tipo: 'cambio_aceite', cada_km: 5_000, ultimo_km: 30_000 });
    await Promise.all([
      send('POST', P.records, id, w.ana, oilChange({ fecha: '2026-11-05', kilometraje: 31_000 })),
      send('POST', P.records, id, w.ana, oilChange({ fecha: '2026-11-06', kilometraje: 31_500 })),
    ]);
    const [reminder] = (await send('GET', P.reminders, id, w.ana)).json() as {
      ultimo_km: number;
      proximo_km: number;
    }[];
    // Whatever the order, the reminder counts from the later service.
    expect(reminder).toMatchObject({ ultimo_km: 31_500, proximo_km: 36_500 });
  });
});
