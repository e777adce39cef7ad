import { describe, expect, it } from 'vitest';
import { FLEET_COMPLIANCE_PATHS, fleetComplianceSchema } from '@togo/domain/fleet/fleet-compliance.contract';
import { FLEET_PATHS, FLEET_TEMPLATE_COLUMNS, fleetErrorPageSchema } from '@togo/domain/fleet/fleet.contract';
import { fleetUploadWorld } from './fleet-upload.test-world.ts';
import { buildFleetXlsx, goodRow, plateFor, type Cells } from './fleet.test-support.ts';

const { world, upload, get, status } = fleetUploadWorld();

const HEADERS = FLEET_TEMPLATE_COLUMNS.map((c) => c.header);
/** goodRow padded to the eleven first columns, then the three optional dates. */
const withDates = (i: number, soat: Cells[number], rtm: Cells[number] = '', licencia: Cells[number] = '') => {
  const row = goodRow(i);
  while (row.length < 11) row.push('');
  return [...row, soat, rtm, licencia];
};

async function importFile(bytes: Buffer) {
  const res = await upload(world.company, bytes);
  expect(res.statusCode, res.body).toBe(202);
  await world.t.jobs.drain();
  return status(world.company, res.json().id);
}

async function expiries(): Promise<Map<string, [string | null, string | null]>> {
  const res = await get(world.company, `${FLEET_COMPLIANCE_PATHS.grid}?fecha=2026-01-20&page_size=500`);
  expect(res.statusCode, res.body).toBe(200);
  const { data } = fleetComplianceSchema.parse(res.json());
  return new Map(data.map((r) => [r.placa, [r.soat_vence, r.rtm_vence]]));
}

describe('the upload template: optional expiry dates and ignored columns (issue 37)', () => {
  it('reads the dates (date cells or dd/mm/aaaa), names the unknown columns, refuses a bad date', async () => {
    const bytes = await buildFleetXlsx(
      [
        [...withDates(0, new Date(Date.UTC(2026, 11, 31)), '15/03/2026'), 'Revisar frenos', 'Rojo'],
        [...withDates(1, '', '2025-12-01'), '', 'Azul'],
        [...withDates(2, '31/02/2026'), 'x', 'Verde'],
      ],
      { headers: [...HEADERS, 'Observaciones', 'Color'] },
    );
    const done = await importFile(bytes);
    expect(done).toMatchObject({
      estado: 'terminado',
      vehiculos_agregados: 2,
      vehiculos_actualizados: 0,
      vehiculos_sin_cambios: 0,
      filas_con_errores: 1,
      columnas_ignoradas: ['Observaciones', 'Color'],
    });
    const dates = await expiries();
    expect(dates.get(plateFor(0))).toEqual(['2026-12-31', '2026-03-15']);
    expect(dates.get(plateFor(1))).toEqual([null, '2025-12-01']);
    // The refused row changed nothing: its plate is not in the fleet.
    expect(dates.has(plateFor(2))).toBe(false);
    const errors = fleetErrorPageSchema.parse((await get(world.company, FLEET_PATHS.errors)).json());
    expect(errors.data.map((e) => [e.placa, e.message])).toEqual([
      [
        plateFor(2),
        'Vencimiento SOAT: Fecha no válida; escribe el día como dd/mm/aaaa (p. ej. 31/12/2026), entre 2000 y 2099.',
      ],
    ]);
  });

  it('a changed date is an update; the same rows again change nothing; a blank date keeps the stored one', async () => {
    const changed = await importFile(
      await buildFleetXlsx([withDates(0, '30/06/2027', '15/03/2026'), withDates(1, '', '')]),
    );
    expect(changed).toMatchObject({
      vehiculos_agregados: 0,
      vehiculos_actualizados: 1,
      vehiculos_sin_cambios: 1,
      filas_con_errores: 0,
      columnas_ignoradas: [],
    });
    const dates = await expiries();
    expect(dates.get(plateFor(0))).toEqual(['2027-06-30', '2026-03-15']);
    expect(dates.get(plateFor(1))).toEqual([null, '2025-12-01']);
    const again = await importFile(
      await buildFleetXlsx([
        withDates(0, '30/06/2027', '15/03/2026'),
        withDates(1, '', ''),
        withDates(3, ''),
      ]),
    );
    expect(again).toMatchObject({
      vehiculos_agregados: 1,
      vehiculos_actualizados: 0,
      vehiculos_sin_cambios: 2,
    });
  });

  it('still reads a file of the first layout (eleven columns, no dates), columns found by name in any order', async () => {
    const first = await importFile(await buildFleetXlsx([goodRow(4)], { headers: HEADERS.slice(0, 11) }));
    expect(first).toMatchObject({ vehiculos_agregados: 1, filas_con_errores: 0, columnas_ignoradas: [] });
    // The dates before the driver columns, found by their headers.
    const order = [...HEADERS.slice(0, 6), ...HEADERS.slice(11), ...HEADERS.slice(6, 11)];
    const row = goodRow(8); // with a driver
    const moved = await importFile(
      await buildFleetXlsx([[...row.slice(0, 6), '01/01/2027', '', '', ...row.slice(6)]], { headers: order }),
    );
    expect(moved).toMatchObject({ vehiculos_agregados: 1, filas_con_errores: 0, columnas_ignoradas: [] });
    expect((await expiries()).get(plateFor(8))).toEqual(['2027-01-01', null]);
    const list = (await get(world.company, `${FLEET_PATHS.list}?placa=${plateFor(8)}`)).json();
    expect(list.data[0].conductor_nombre).toBe('Conductor 8');
  });
});
