import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FLEET_COMPLIANCE_PATHS, fleetComplianceSchema } from '@togo/domain/fleet/fleet-compliance.contract';
import { FLEET_PATHS, FLEET_TEMPLATE_COLUMNS, fleetErrorPageSchema } from '@togo/domain/fleet/fleet.contract';
import { alertDates } from '../../db/schema/alerts.schema.ts';
import { vehicles } from '../../db/schema/garage.schema.ts';
import { fleetUploadWorld } from './fleet-upload.test-world.ts';
import { buildFleetXlsx, goodRow, plateFor, type Cells } from './fleet.test-support.ts';

const { world, upload, get, status } = fleetUploadWorld();

const HEADERS = FLEET_TEMPLATE_COLUMNS.map((c) => c.header);
/** goodRow padded to the eleven first columns, then the optional dates (SOAT … last extinguisher recharge) given. */
const withAllDates = (i: number, dates: Cells) => {
  const row = goodRow(i);
  while (row.length < 11) row.push('');
  return [...row, ...dates];
};

/** goodRow padded to the eleven first columns, then the SOAT, RTM and licence dates (the other dates blank). */
const withDates = (i: number, soat: Cells[number], rtm: Cells[number] = '', licencia: Cells[number] = '') =>
  withAllDates(i, [soat, rtm, licencia, '', '', '']);

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
      await buildFleetXlsx([[...row.slice(0, 6), '01/01/2027', '', '', '', '', '', ...row.slice(6)]], {
        headers: order,
      }),
    );
    expect(moved).toMatchObject({ vehiculos_agregados: 1, filas_con_errores: 0, columnas_ignoradas: [] });
    expect((await expiries()).get(plateFor(8))).toEqual(['2027-01-01', null]);
    const list = (await get(world.company, `${FLEET_PATHS.list}?placa=${plateFor(8)}`)).json();
    expect(list.data[0].conductor_nombre).toBe('Conductor 8');
  });
});

/** The company's stored alert dates of a plate: code → [source, fecha_vencimiento]. */
async function storedDates(plate: string): Promise<Record<string, [string, string | null]>> {
  const rows = await world.t.database.db
    .select({ code: alertDates.code, source: alertDates.source, day: alertDates.fechaVencimiento })
    .from(alertDates)
    .innerJoin(vehicles, eq(vehicles.id, alertDates.vehicleId))
    .where(and(eq(vehicles.userId, world.company.id), eq(vehicles.placa, plate), isNull(vehicles.deletedAt)));
  return Object.fromEntries(rows.map((r) => [r.code, [r.source, r.day]]));
}

describe('the upload template: policy, tax and last extinguisher recharge dates', () => {
  const DATE_MSG = 'Fecha no válida; escribe el día como dd/mm/aaaa (p. ej. 31/12/2026), entre 2000 y 2099.';

  it('stores them as the user alert dates ALERTA_TODO_RIESGO, ALERTA_IMPUESTO and ALERTA_KIT; refuses bad ones', async () => {
    const done = await importFile(
      await buildFleetXlsx([
        withAllDates(20, [
          '31/12/2026',
          '30/06/2026',
          '15/03/2028',
          new Date(Date.UTC(2026, 9, 31)),
          '29-05-2026',
          '10/08/2025',
        ]),
        withAllDates(21, ['', '', '', '', '', '2025-11-20']),
        withAllDates(22, ['', '', '', '31/02/2026']),
        withAllDates(23, ['', '', '', '', 'pronto']),
        withAllDates(24, ['', '', '', '', '', '2025/08/10']),
      ]),
    );
    expect(done).toMatchObject({
      estado: 'terminado',
      vehiculos_agregados: 2,
      vehiculos_actualizados: 0,
      vehiculos_sin_cambios: 0,
      filas_con_errores: 3,
      columnas_ignoradas: [],
    });
    expect(await storedDates(plateFor(20))).toEqual({
      ALERTA_SOAT: ['user', '2026-12-31'],
      ALERTA_RTM: ['user', '2026-06-30'],
      ALERTA_LICENCIA: ['user', '2028-03-15'],
      ALERTA_TODO_RIESGO: ['user', '2026-10-31'],
      ALERTA_IMPUESTO: ['user', '2026-05-29'],
      // The recharge date itself (the kit is due a year later).
      ALERTA_KIT: ['user', '2025-08-10'],
    });
    expect(await storedDates(plateFor(21))).toEqual({ ALERTA_KIT: ['user', '2025-11-20'] });
    const errors = fleetErrorPageSchema.parse(
      (await get(world.company, `${FLEET_PATHS.errors}?page_size=100`)).json(),
    );
    expect(
      errors.data
        .filter((e) => [22, 23, 24].map(plateFor).includes(e.placa))
        .map((e) => [e.placa, e.message])
        .sort(),
    ).toEqual([
      [plateFor(22), `Vencimiento póliza todo riesgo: ${DATE_MSG}`],
      [plateFor(23), `Vencimiento impuesto vehicular: ${DATE_MSG}`],
      [plateFor(24), `Última recarga del extintor: ${DATE_MSG}`],
    ]);
    // The refused rows changed nothing.
    for (const i of [22, 23, 24]) expect(await storedDates(plateFor(i))).toEqual({});
  });

  it('a changed date is an update, the same dates or blank cells change nothing', async () => {
    const changed = await importFile(
      await buildFleetXlsx([
        // Identical to the first upload.
        withAllDates(20, [
          '31/12/2026',
          '30/06/2026',
          '15/03/2028',
          '31/10/2026',
          '29/05/2026',
          '10/08/2025',
        ]),
        // A later recharge.
        withAllDates(21, ['', '', '', '', '', '21/11/2025']),
      ]),
    );
    expect(changed).toMatchObject({
      vehiculos_agregados: 0,
      vehiculos_actualizados: 1,
      vehiculos_sin_cambios: 1,
      filas_con_errores: 0,
    });
    expect((await storedDates(plateFor(21))).ALERTA_KIT).toEqual(['user', '2025-11-21']);

    const blankOrPolicy = await importFile(
      await buildFleetXlsx([
        // Blank date cells keep the stored dates.
        withAllDates(20, []),
        withAllDates(21, ['', '', '', '30/04/2027']),
      ]),
    );
    expect(blankOrPolicy).toMatchObject({
      vehiculos_agregados: 0,
      vehiculos_actualizados: 1,
      vehiculos_sin_cambios: 1,
      filas_con_errores: 0,
    });
    expect(await storedDates(plateFor(20))).toMatchObject({
      ALERTA_TODO_RIESGO: ['user', '2026-10-31'],
      ALERTA_IMPUESTO: ['user', '2026-05-29'],
      ALERTA_KIT: ['user', '2025-08-10'],
    });
    expect(await storedDates(plateFor(21))).toEqual({
      ALERTA_TODO_RIESGO: ['user', '2027-04-30'],
      ALERTA_KIT: ['user', '2025-11-21'],
    });

    // Each new date alone makes its vehicle updated.
    for (const dates of [
      ['', '', '', '', '', '09/08/2025'],
      ['', '', '', '', '28/05/2026'],
    ]) {
      const one = await importFile(await buildFleetXlsx([withAllDates(20, dates)]));
      expect(one, dates.join('|')).toMatchObject({ vehiculos_actualizados: 1, vehiculos_sin_cambios: 0 });
    }
    expect(await storedDates(plateFor(20))).toMatchObject({
      ALERTA_IMPUESTO: ['user', '2026-05-28'],
      ALERTA_KIT: ['user', '2025-08-09'],
    });
  });
});
