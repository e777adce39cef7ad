import { describe, expect, it } from 'vitest';
import { OPERATOR_MSG } from '@togo/domain/operator/operator-auth.contract';
import {
  OPERATOR_OPS_PATHS,
  operatorBranchListSchema,
  operatorBranchPageSchema,
  priceListSchema,
} from '@togo/domain/operator/operator-ops.contract';
import { auditCount, operatorTestBed, type TestStaff } from './operator.test-support.ts';

/**
 * Branch edits and prices carry the version they read (issue 35, finding 10; decision 096): the branch list and
 * the price list answer `version`; PATCH of a branch and PUT of a price need If-Match. Prices are versioned per
 * row. On PostgreSQL (DATABASE_URL) the two concurrent saves really race; on PGlite they are serialised and the
 * same holds.
 */
const bed = operatorTestBed();

const write = (
  method: 'PATCH' | 'PUT',
  url: string,
  ifMatch: string | null,
  payload: object,
  who: TestStaff = bed.staff.operaciones,
) =>
  bed.t.app.inject({
    method,
    url,
    headers: { ...who.headers, ...(ifMatch === null ? {} : { 'if-match': ifMatch }) },
    payload,
  });

async function branchRead(id: string) {
  const res = await bed.send('GET', `/api/operador/sedes/?q=${id}&page=1`, bed.staff.soporte);
  expect(res.statusCode).toBe(200);
  const found = operatorBranchPageSchema.parse(res.json()).data.find((b) => b.id === id);
  if (!found) throw new Error(`branch ${id} not listed`);
  return found;
}

async function priceList() {
  const res = await bed.send('GET', OPERATOR_OPS_PATHS.prices, bed.staff.soporte);
  expect(res.statusCode).toBe(200);
  return priceListSchema.parse(res.json());
}

async function slotCapacities(branch: string): Promise<number[]> {
  const rows = await bed.t.database.query<{ capacity: number }>(
    'select capacity from booking_slots where branch_id = $1 order by id',
    [branch],
  );
  return rows.map((r) => r.capacity);
}

describe('branches carry their version', () => {
  it('both lists answer the version; a fresh save answers 200 and version + 1', async () => {
    const read = await branchRead('TRA-MED-01');
    expect(read.version).toBe(0);
    const plain = await bed.send('GET', OPERATOR_OPS_PATHS.branches, bed.staff.soporte);
    const listed = operatorBranchListSchema.parse(plain.json()).find((b) => b.id === 'TRA-MED-01');
    expect(listed?.version).toBe(0);
    const saved = await write('PATCH', OPERATOR_OPS_PATHS.branch('TRA-MED-01'), 'W/"0"', { capacidad: 7 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: 'TRA-MED-01', capacidad: 7, version: 1 });
    expect((await branchRead('TRA-MED-01')).version).toBe(1);
  });

  it('stale → 409 in Spanish, missing → 428, malformed → 400: nothing written, nothing audited', async () => {
    const url = OPERATOR_OPS_PATHS.branch('TRA-MED-01');
    const before = await branchRead('TRA-MED-01');
    const slots = await slotCapacities('TRA-MED-01');
    const audits = await auditCount(bed.t);
    const stale = await write('PATCH', url, `"${before.version + 1}"`, { capacidad: 2, activa: false });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: OPERATOR_MSG.staleVersion });
    const missing = await write('PATCH', url, null, { capacidad: 2 });
    expect(missing.statusCode).toBe(428);
    expect(missing.json()).toEqual({ detail: OPERATOR_MSG.versionRequired });
    expect((await write('PATCH', url, '"uno"', { capacidad: 2 })).statusCode).toBe(400);
    expect(await branchRead('TRA-MED-01')).toEqual(before);
    expect(await slotCapacities('TRA-MED-01')).toEqual(slots);
    expect(await auditCount(bed.t)).toBe(audits);
    // An unknown branch is still a 404 (the version of nothing is never current).
    expect(
      (await write('PATCH', OPERATOR_OPS_PATHS.branch('NO-EXISTE'), '"0"', { capacidad: 2 })).statusCode,
    ).toBe(404);
  });

  it('two tabs saving from the same version at once: one is saved, the other gets 409', async () => {
    const url = OPERATOR_OPS_PATHS.branch('TRA-BOG-01');
    const read = await branchRead('TRA-BOG-01');
    const audits = await auditCount(bed.t);
    const [a, b] = await Promise.all([
      write('PATCH', url, `"${read.version}"`, { capacidad: 3 }),
      write('PATCH', url, `"${read.version}"`, { capacidad: 9 }, bed.staff.admin),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 3 : 9;
    expect(await branchRead('TRA-BOG-01')).toMatchObject({ capacidad: winner, version: read.version + 1 });
    expect(await auditCount(bed.t)).toBe(audits + 1);
  });
});

describe('prices carry their version, per row', () => {
  it('the list answers each row’s version; a save bumps only its own row', async () => {
    const list = await priceList();
    const traspaso = list.tramites.find((p) => p.id === 'TRASPASO');
    const other = list.tramites.find((p) => p.id === 'LEVANTAMIENTO_PRENDA');
    expect(traspaso?.version).toBe(0);
    const saved = await write('PUT', OPERATOR_OPS_PATHS.tramitePrice('TRASPASO'), '"0"', { precio: 430000 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ precio: 430000, editado: true, version: 1 });
    // Another row read before that save is not stale: prices are versioned per row.
    const next = await write(
      'PUT',
      OPERATOR_OPS_PATHS.tramitePrice('LEVANTAMIENTO_PRENDA'),
      `"${other?.version}"`,
      {
        precio: 99000,
      },
    );
    expect(next.statusCode).toBe(200);
  });

  it('stale → 409, missing → 428, malformed → 400, for each kind: nothing written, nothing audited', async () => {
    const before = await priceList();
    const audits = await auditCount(bed.t);
    const urls = [
      OPERATOR_OPS_PATHS.rtmPrice('AUTOMOVIL'),
      OPERATOR_OPS_PATHS.comboPrice('LIV-GASOLINA-PLATA'),
      OPERATOR_OPS_PATHS.tramitePrice('TRASPASO'),
    ];
    // A version no row is at yet (every row here is at 0 or 1).
    for (const url of urls) {
      const stale = await write('PUT', url, '"7"', { precio: 5000 });
      expect(stale.statusCode, url).toBe(409);
      expect(stale.json()).toEqual({ detail: OPERATOR_MSG.staleVersion });
      expect((await write('PUT', url, null, { precio: 5000 })).statusCode, url).toBe(428);
      expect((await write('PUT', url, '"1", "2"', { precio: 5000 })).statusCode, url).toBe(400);
    }
    expect(await priceList()).toEqual(before);
    expect(await auditCount(bed.t)).toBe(audits);
  });

  it('two tabs saving a combo from the same version at once: one is saved, the other gets 409', async () => {
    const url = OPERATOR_OPS_PATHS.comboPrice('LIV-GASOLINA-PLATA');
    const read = (await priceList()).combos.find((c) => c.id === 'LIV-GASOLINA-PLATA');
    if (!read) throw new Error('seeded combo missing');
    const [a, b] = await Promise.all([
      write('PUT', url, `"${read.version}"`, { precio: 150000 }),
      write('PUT', url, `"${read.version}"`, { precio: 160000 }, bed.staff.admin),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const after = (await priceList()).combos.find((c) => c.id === 'LIV-GASOLINA-PLATA');
    expect(after).toMatchObject({
      precio: a.statusCode === 200 ? 150000 : 160000,
      version: read.version + 1,
    });
  });
});
