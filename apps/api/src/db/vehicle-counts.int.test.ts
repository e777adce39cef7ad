import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-db.ts';
import type { Database } from './client.ts';

/** vehicle_counts (migration 0011): kept equal to each user's live vehicles by statement triggers. */

let database: Database;
let users: number[];

async function newUser(): Promise<number> {
  const [row] = await database.query<{ id: number }>(
    `insert into users (email, nombres, apellidos, group_id)
     values ('u' || floor(random() * 1e12)::text || '@x.co', 'A', 'B', 2) returning id`,
  );
  return row!.id;
}

function insertVehicles(userId: number, plates: string[]) {
  return database.query(
    `insert into vehicles (user_id, placa, documento_propietario, tipo_documento_propietario)
     select $1, p, '123', 1 from unnest($2::text[]) p`,
    [userId, plates],
  );
}

/** Every user's kept count next to the real one. */
async function counts(): Promise<{ kept: number; real: number }[]> {
  return database.query<{ kept: number; real: number }>(
    `select coalesce(c.live, 0) as kept,
            (select count(*)::int from vehicles v where v.user_id = u.id and v.deleted_at is null) as real
     from users u left join vehicle_counts c on c.user_id = u.id
     where u.id = any($1::int[]) order by u.id`,
    [users],
  );
}

async function expectExact(expected: number[]): Promise<void> {
  const rows = await counts();
  expect(rows.map((r) => r.real)).toEqual(expected);
  expect(rows.map((r) => r.kept)).toEqual(expected);
}

beforeAll(async () => {
  database = await createTestDatabase();
  users = [await newUser(), await newUser()];
});
afterAll(() => database.close());

describe('vehicle_counts', () => {
  it('counts inserts of many rows in one statement, per user', async () => {
    await insertVehicles(users[0]!, ['AAA001', 'AAA002', 'AAA003']);
    await insertVehicles(users[1]!, ['BBB001']);
    await expectExact([3, 1]);
  });

  it('counts an upsert once: inserted rows add, updated rows do not', async () => {
    await database.query(
      `insert into vehicles (user_id, placa, documento_propietario, tipo_documento_propietario)
       select $1, p, '123', 1 from unnest($2::text[]) p
       on conflict (user_id, placa) where deleted_at is null do update set kilometraje_digitado = 5`,
      [users[0], ['AAA001', 'AAA002', 'AAA004']],
    );
    await expectExact([4, 1]);
  });

  it('follows soft deletes and restores, and ignores other updates', async () => {
    await database.query(`update vehicles set deleted_at = now() where placa in ('AAA001', 'AAA002')`);
    await expectExact([2, 1]);
    await database.query(`update vehicles set kilometraje_digitado = 9 where user_id = $1`, [users[0]]);
    await database.query(`update vehicles set deleted_at = null where placa = 'AAA001'`);
    await expectExact([3, 1]);
    // A soft-deleted plate can be inserted again as a new live vehicle.
    await insertVehicles(users[0]!, ['AAA002']);
    await expectExact([4, 1]);
  });

  it('follows hard deletes (soft-deleted rows were already uncounted)', async () => {
    await database.query(`delete from vehicles where user_id = $1 and placa like 'AAA00%'`, [users[0]]);
    await expectExact([0, 1]);
  });

  it('stays exact under concurrent writers of the same user', async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, k) =>
        insertVehicles(
          users[1]!,
          Array.from({ length: 25 }, (_, i) => `C${k}${String(i).padStart(4, '0')}`),
        ),
      ),
    );
    await expectExact([0, 201]);
  });

  it('lets a user with vehicles be deleted (the cascade takes the count row too)', async () => {
    const gone = await newUser();
    await insertVehicles(gone, ['DDD001', 'DDD002']);
    await database.query('delete from users where id = $1', [gone]);
    expect(await database.query('select * from vehicle_counts where user_id = $1', [gone])).toEqual([]);
    await expectExact([0, 201]);
  });
});
