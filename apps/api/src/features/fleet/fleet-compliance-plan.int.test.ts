import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { FleetComplianceRepository } from './fleet-compliance.repository.ts';

/**
 * Decision 133: the compliance summary's groups read each vehicle's expiry dates (the company's alert_dates) once
 * for SOAT and once for RTM, not once per use of them in the judging (14 sub-selects per vehicle when the facts
 * were inlined: a 5,000-vehicle fleet ran 70,000 of them for every page of the grid).
 */
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface PlanNode {
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

const scansOf = (node: PlanNode, relation: string): number =>
  (node['Relation Name'] === relation ? 1 : 0) +
  (node.Plans ?? []).reduce((sum, child) => sum + scansOf(child, relation), 0);

describe('the compliance summary query', () => {
  it('reads alert_dates in two places of its plan (SOAT and RTM), whatever the judging uses them for', async () => {
    const plans: PlanNode[] = [];
    // The repository's own statement, explained instead of run.
    const explaining = {
      async execute(query: SQL) {
        const res = (await t.database.db.execute(sql`explain (format json) ${query}`)) as unknown as {
          rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[];
        };
        for (const row of res.rows) plans.push(row['QUERY PLAN'][0].Plan);
        return { rows: [] };
      },
    } as unknown as Db;
    await new FleetComplianceRepository(explaining).groups(1, '2026-03-02', 30);
    expect(plans).toHaveLength(1);
    expect(scansOf(plans[0] as PlanNode, 'alert_dates')).toBe(2);
  });
});
