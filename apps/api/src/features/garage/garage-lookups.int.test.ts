import { eq, sql } from 'drizzle-orm';
import { vehicleSchema } from '@togo/domain/garage/garage.contract';
import type { RegistryVehicle } from '@togo/domain/garage/registry.contract';
import { describe, expect, it } from 'vitest';
import { providerSnapshots } from '../../db/schema.ts';
import { FINES_LOOKUP_JOB, REGISTRY_LOOKUP_JOB } from './garage-lookup.job-names.ts';
import { createSignedInUser, garageWorld } from './garage.test-support.ts';

const { world, inject, createVehicle } = garageWorld();

describe('look-ups and vehicle value', () => {
  it('runs the registry and fines jobs: snapshots with the provider name and registry alert dates', async () => {
    const user = await createSignedInUser(world.t);
    const v = await createVehicle(user);
    const before = await inject('GET', `/api/togo/vehicle/${v.id}/valor_vehicle/`, user);
    expect(before.statusCode).toBe(409);
    expect(before.json()).toEqual({
      detail: 'Estamos actualizando tu información, por favor verifica en unos minutos.',
    });

    const ran = await world.t.jobs.drain();
    const mine = ran.filter((j) => (j.data as { vehicleId: number }).vehicleId === v.id);
    expect(mine.map((j) => [j.name, j.state, j.attempts]).sort()).toEqual(
      [
        [FINES_LOOKUP_JOB, 'completed', 1],
        [REGISTRY_LOOKUP_JOB, 'completed', 1],
      ].sort(),
    );

    const snaps = await world.t.database.db
      .select()
      .from(providerSnapshots)
      .where(eq(providerSnapshots.vehicleId, v.id))
      .orderBy(providerSnapshots.kind);
    expect(snaps.map((s) => [s.kind, s.provider, s.status, s.attempts])).toEqual([
      ['fines', 'demo', 'ok', 1],
      ['registry', 'demo', 'ok', 1],
    ]);
    const registry = snaps[1]?.data as RegistryVehicle;
    expect(registry.placa).toBe(v.placa);

    const dates = await world.t.database.db.execute(
      sql`select code, source, fecha_expedicion::text as exp, fecha_vencimiento::text as venc from alert_dates where vehicle_id = ${v.id} order by code`,
    );
    const rows = (dates as unknown as { rows: Record<string, string>[] }).rows;
    const expected = [
      ...(registry.licencia
        ? [
            {
              code: 'ALERTA_LICENCIA',
              source: 'registry',
              exp: registry.licencia.fecha_expedicion_lic_transito,
              venc: registry.licencia.detalles_lic_transito.map((d) => d.fechaVencimiento).sort()[0],
            },
          ]
        : []),
      ...(registry.rtm
        ? [
            {
              code: 'ALERTA_RTM',
              source: 'registry',
              exp: registry.rtm.fecha_expedicion,
              venc: registry.rtm.fecha_vencimiento,
            },
          ]
        : []),
      ...(registry.soat
        ? [
            {
              code: 'ALERTA_SOAT',
              source: 'registry',
              exp: registry.soat.fecha_expedicion,
              venc: registry.soat.fecha_vencimiento,
            },
          ]
        : []),
    ];
    expect(rows).toEqual(expected);

    const after = vehicleSchema.parse(
      (await inject('GET', '/api/togo/vehicle/get_garaje_selected/', user)).json(),
    );
    expect(after).toMatchObject({ id: v.id, lookup_status: 'ok', demo: true });
    expect(after.vehicle_data).toEqual({
      vehicle_plate: v.placa,
      vehicle_brand: registry.vehiculo.marca,
      year_model: registry.vehiculo.modelo,
      vehicle_line: registry.vehiculo.linea,
      cylinder_capacity: registry.vehiculo.cilindraje,
      mileage: 45210,
      type_service: registry.vehiculo.servicio,
      vehicle_class_v2: registry.vehiculo.clase,
      vehicle_fuel: registry.vehiculo.combustible,
      color: registry.vehiculo.color,
      expiration_rtm: registry.rtm?.fecha_vencimiento ?? null,
      expiration_soat: registry.soat?.fecha_vencimiento ?? null,
    });

    const value = await inject('GET', `/api/togo/vehicle/${v.id}/valor_vehicle/`, user);
    expect(value.statusCode).toBe(200);
    const body = value.json();
    // In pesos, with its source and date (decision 074): the demo values in pesos itself.
    expect(body).toEqual({
      valor_vehiculo: expect.any(Number),
      demo: true,
      valor_cop: expect.any(Number),
      fuente: 'Valor de demostración',
      fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(body.valor_cop % 100_000).toBe(0);
    expect(Number.isInteger(body.valor_vehiculo) && body.valor_vehiculo > 0).toBe(true);
    const again = await inject('GET', `/api/togo/vehicle/${v.id}/valor_vehicle/`, user);
    expect(again.json()).toEqual(body);
  });
});
