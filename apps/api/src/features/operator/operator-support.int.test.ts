import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportUserSchema } from '@togo/domain/operator/operator-console.contract';
import { vehicles } from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createDriver, createStaff, type TestDriver, type TestStaff } from './operator.test-support.ts';

let t: TestContext;
let soporte: TestStaff;
let ana: TestDriver;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-11-23T15:00:00Z') });
  soporte = await createStaff(t, 'soporte');
  ana = await createDriver(t, '3157778899');
  await createDriver(t, '3000000000');
  await t.database.query(`update users set identificacion = '1020304050' where id = $1`, [ana.id]);
  await t.database.db.insert(vehicles).values([
    { userId: ana.id, placa: 'SUP123', documentoPropietario: '1', tipoDocumentoPropietario: 1 },
    {
      userId: ana.id,
      placa: 'OLD999',
      documentoPropietario: '1',
      tipoDocumentoPropietario: 1,
      deletedAt: new Date(),
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const search = (q: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/operador/usuarios/?q=${encodeURIComponent(q)}`,
    headers: soporte.headers,
  });

describe('GET /api/operador/usuarios/?q=', () => {
  it('finds a driver by email, phone, document or plate (live vehicles only)', async () => {
    for (const q of [ana.email.toUpperCase(), '3157778899', '1020304050', 'sup-123', ' SUP123 ']) {
      const res = await search(q);
      expect(res.statusCode, q).toBe(200);
      const list = supportUserSchema.array().parse(res.json());
      expect(
        list.map((u) => u.id),
        q,
      ).toEqual([ana.id]);
      expect(list[0]).toMatchObject({ nombre: 'Ana Pérez', documento: '1020304050', placas: ['SUP123'] });
    }
    expect((await search('OLD999')).json()).toEqual([]);
    expect((await search('nadie@correo.com')).json()).toEqual([]);
  });

  it('refuses an empty, oversized or NUL query with a 400', async () => {
    for (const q of ['', 'x'.repeat(300), 'a\u0000b']) expect((await search(q)).statusCode).toBe(400);
  });
});
