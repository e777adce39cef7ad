import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetUploadStatusSchema } from '@togo/domain/fleet/fleet.contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { IMPORT_ANALYZE_MIN_ROWS } from './fleet-import.service.ts';
import { buildFleetXlsx, createCompanyUser, goodRow, uploadFleetFile } from './fleet.test-support.ts';

/**
 * Decision 133: an import refreshes the planner's statistics of the tables it wrote, so that the screens reading
 * the new fleet right away (the compliance grid, the alerts, the reports) are planned for its real size and not
 * for the handful of vehicles the statistics said the company had.
 */
let t: TestContext;
let company: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompanyUser(t);
});
afterAll(async () => {
  await t?.close();
});

/** The planner's estimate of the company's live vehicles. */
async function estimatedVehicles(userId: number): Promise<number> {
  const [row] = await t.database.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `explain (format json) select id from vehicles where user_id = ${Number(userId)} and deleted_at is null`,
  );
  return row?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? NaN;
}

describe('a large fleet import', () => {
  it('leaves the planner knowing the company has as many vehicles as it imported', async () => {
    // Statistics taken while the company had no vehicle, as on a server where autovacuum has not run since.
    await t.database.query('analyze vehicles');
    expect(await estimatedVehicles(company.id)).toBeLessThan(10);

    const rows = IMPORT_ANALYZE_MIN_ROWS;
    const bytes = await buildFleetXlsx(Array.from({ length: rows }, (_, i) => goodRow(i)));
    const res = await uploadFleetFile(t, company, bytes);
    expect(res.statusCode, res.body).toBe(202);
    await t.jobs.drain();
    const [upload] = await t.database.query<{ status: string }>(
      'select status from fleet_uploads where id = $1',
      [fleetUploadStatusSchema.parse(res.json()).id],
    );
    expect(upload?.status).toBe('terminado');

    expect(await estimatedVehicles(company.id)).toBeGreaterThan(rows / 2);
  });
});
