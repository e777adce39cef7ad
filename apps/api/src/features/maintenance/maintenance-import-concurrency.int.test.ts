import { beforeAll, describe, expect, it } from 'vitest';
import { maintenanceImportResultSchema } from '@togo/domain/maintenance/maintenance-import.contract';
import type { TestUser } from '../garage/garage.test-support.ts';
import { addFleetVehicle } from '../fleet/fleet-companies.test-support.ts';
import { createCompanyUser } from '../fleet/fleet.test-support.ts';
import { importXlsx, uploadImport } from './maintenance-import.test-support.ts';
import { maintenanceWorld } from './maintenance.test-support.ts';

const { w } = maintenanceWorld();

/**
 * The same file uploaded twice at the same moment (run on PostgreSQL: PGlite serialises and would hide a race).
 * Idempotency rests on the partial unique index maintenance_records_import_uq and the vehicle row locks: each
 * service is stored once, the other upload counts it as repeated (decision 092).
 */
describe('two identical imports at once', () => {
  let company: TestUser;
  beforeAll(async () => {
    company = await createCompanyUser(w.t);
  });

  it('stores every service once', async () => {
    for (let round = 0; round < 5; round++) {
      const a = `CON${round}0A`.slice(0, 6);
      const b = `CON${round}0B`.slice(0, 6);
      const ids = [
        await addFleetVehicle(w.t, company.id, a, {}, []),
        await addFleetVehicle(w.t, company.id, b, {}, []),
      ];
      const file = await importXlsx([
        [a, '2026-01-10', 1_000, 'Cambio de aceite', null, 100_000, null, null],
        [b, '2026-02-10', 2_000, 'Frenos', null, 200_000, null, null],
        [a, '2026-03-10', 3_000, 'Llantas', null, 300_000, null, null],
        [b, '2026-04-10', 4_000, 'Filtros', null, 40_000, null, null],
      ]);
      const answers = await Promise.all([uploadImport(w.t, company, file), uploadImport(w.t, company, file)]);
      const results = answers.map((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return maintenanceImportResultSchema.parse(r.json());
      });
      expect(results.reduce((n, r) => n + r.importadas, 0)).toBe(4);
      expect(results.reduce((n, r) => n + r.repetidas, 0)).toBe(4);
      expect(results.flatMap((r) => r.errores)).toEqual([]);
      const [row] = await w.t.database.query<{ n: number }>(
        `select count(*)::int as n from maintenance_records where vehicle_id = any($1::int[])`,
        [ids],
      );
      expect(row?.n).toBe(4);
    }
  });
});
