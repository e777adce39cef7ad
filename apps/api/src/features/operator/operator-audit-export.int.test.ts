import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_EXPORT_COLUMNS } from '@togo/domain/operator/operator-dashboard.contract';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { AuditRepository, insertAudit } from './audit.repository.ts';
import { auditExport } from './operator-audit-export.ts';
import { createStaff, type TestStaff } from './operator.test-support.ts';

/** Tuesday 24 Nov 2026, 07:00 in Bogotá. */
const NOW = '2026-11-24T12:00:00Z';
const TODAY = '2026-11-24';

let t: TestContext;
let admin: TestStaff;
let soporte: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock(NOW) });
  admin = await createStaff(t, 'admin');
  soporte = await createStaff(t, 'soporte');
  const rows = [
    { email: 'ana@togo.co', accion: 'sede.editar', objeto: 'sede:CDA-1', antes: { nombre: 'A, B' }, min: 1 },
    { email: 'luis@togo.co', accion: 'sede.cerrar_dia', objeto: 'sede:CDA-1', antes: null, min: 2 },
    // Text a spreadsheet would take for a formula is written as text (decision 018).
    { email: 'luis@togo.co', accion: 'usuario.desbloquear', objeto: '=HYPERLINK("x")', antes: null, min: 3 },
  ];
  for (const r of rows) {
    await insertAudit(
      t.database.db,
      {
        actor: { staffId: admin.id, email: r.email },
        accion: r.accion,
        objeto: r.objeto,
        antes: r.antes,
        despues: { nombre: 'C' },
      },
      new Date(Date.parse(NOW) + r.min * 60_000),
    );
  }
});
afterAll(async () => {
  await t?.close();
});

const get = (q: string, headers?: { authorization: string }) =>
  t.app.inject({
    method: 'GET',
    url: `/api/operador/auditoria/exportar/?desde=${TODAY}&hasta=${TODAY}&${q}`,
    ...(headers ? { headers } : {}),
  });

async function readXlsx(body: Buffer) {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('Auditoría');
  if (!ws) throw new Error('no sheet');
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('GET /api/operador/auditoria/exportar/ (issue 38)', () => {
  it('an .xlsx of the filtered log, newest first: Spanish labels, Bogotá date cells, what changed', async () => {
    const res = await get('formato=xlsx&staff=luis', admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="auditoria-2026-11-24.xlsx"');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual([...AUDIT_EXPORT_COLUMNS]);
    expect(rows).toHaveLength(3);
    const [first, second] = [rows[1], rows[2]];
    expect(first?.slice(1, 6)).toEqual([
      'luis@togo.co',
      'Soporte: cuenta desbloqueada',
      'usuario.desbloquear',
      '\'=HYPERLINK("x")',
      'nombre',
    ]);
    // 12:03 UTC is 07:03 in Bogotá: the cell holds the wall-clock time the screen shows.
    expect((first?.[0] as Date).toISOString()).toBe('2026-11-24T07:03:00.000Z');
    expect(second?.slice(1, 5)).toEqual([
      'luis@togo.co',
      'Sede: día cerrado',
      'sede.cerrar_dia',
      'Sede CDA-1',
    ]);
  });

  it('a CSV Excel reads with its accents: byte-order mark, quoted fields, dates as text', async () => {
    const res = await get('formato=csv&orden=asc&staff=ana', admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\ufeff')).toBe(true);
    const lines = text.slice(1).trim().split('\n');
    expect(lines[0]).toBe(AUDIT_EXPORT_COLUMNS.join(','));
    expect(lines[1]).toMatch(
      /^2026-11-24 07:01:00,ana@togo\.co,Sede editada,sede\.editar,Sede CDA-1,nombre,/,
    );
    expect(lines[1]).toContain('"{""nombre"":""A, B""}"');
  });

  it('stops at its limit and says so in a last line', async () => {
    const filter = { from: null, to: null };
    const bytes = await auditExport(new AuditRepository(t.database.db), filter, 'asc', 'xlsx', 2);
    const rows = await readXlsx(bytes);
    expect(rows).toHaveLength(4);
    expect(rows[3]).toEqual([
      'Se exportaron los primeros 2 registros: ajusta los filtros para ver el resto.',
    ]);
  });

  it('refuses a bad format, and reads only for admin', async () => {
    const bad = await get('formato=pdf', admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ formato: ['formato debe ser xlsx o csv.'] });
    expect((await get('formato=csv', soporte.headers)).statusCode).toBe(403);
    expect((await get('formato=csv')).statusCode).toBe(401);
  });
});
