import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import { FLEET_PATHS, FLEET_TEMPLATE_COLUMNS, FLEET_TEMPLATE_SHEET } from '@togo/domain/fleet/fleet.contract';
import { GROUP_COMPANY } from '@togo/domain/roles';
import { authTokens, users } from '../../db/schema.ts';
import { newToken, sha256Hex } from '../../lib/crypto.ts';
import type { Clock } from '../../lib/clock.ts';
import type { TestContext } from '../../test/test-app.ts';
import { multipart, type TestUser } from '../garage/garage.test-support.ts';
import type { ReferenceRows } from './fleet-rows.ts';

/** Test and benchmark support for the fleet: company users, generated .xlsx files, crafted ZIPs. */

export async function createCompanyUser(
  t: { database: Pick<TestContext['database'], 'db'>; clock: Clock },
  groupId: number = GROUP_COMPANY,
): Promise<TestUser> {
  const email = `flota.${randomBytes(5).toString('hex')}@empresa.com`;
  const [user] = await t.database.db
    .insert(users)
    .values({ email, nombres: 'Transportes', apellidos: 'Andinos', groupId, isFirstLoginTogo: false })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  const token = newToken();
  const now = t.clock.now();
  await t.database.db.insert(authTokens).values({
    userId: user.id,
    tokenHash: sha256Hex(token),
    created: now,
    expiresAt: new Date(now.getTime() + 30 * 86_400_000),
  });
  return { id: user.id, token, headers: { authorization: `Token ${token}` } };
}

/** POST create_vehicle_flota_archivo with the bytes in the multipart field 'file'. */
export function uploadFleetFile(
  t: Pick<TestContext, 'app'>,
  user: TestUser,
  bytes: Buffer,
  filename = 'flota.xlsx',
) {
  const body = multipart(bytes, { filename });
  return t.app.inject({
    method: 'POST',
    url: FLEET_PATHS.upload,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

const L = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A distinct valid car plate per index (0..17,575,999): 'AAA000', 'AAA001', … */
export function plateFor(i: number): string {
  const d = i % 1000;
  const n = Math.floor(i / 1000);
  return `${L[Math.floor(n / 676) % 26]}${L[Math.floor(n / 26) % 26]}${L[n % 26]}${String(d).padStart(3, '0')}`;
}

export type Cells = (string | number | Date)[];

/** A good row; the department/city spelling varies (names with and without accents, DANE codes). */
export function goodRow(i: number): Cells {
  const places: [string, string][] = [
    ['Antioquia', 'Medellín'],
    ['ANTIOQUIA', 'medellin'],
    ['05', '05001'],
    ['Bogotá, D.C.', 'Bogotá, D.C.'],
    ['bogota', 'BOGOTA'],
    ['11', '11001'],
    ['Valle del Cauca', 'Cali'],
  ];
  const [dep, city] = places[i % places.length] as [string, string];
  const row: Cells = [plateFor(i), 1000 + i, i % 3 === 0 ? 'NIT' : 'CC', String(900000000 + i), dep, city];
  if (i % 4 === 0) row.push(`Conductor ${i}`, 'CC', String(1000000 + i), '3001234567', 'Medellín');
  return row;
}

/**
 * Reference data for parsing tests without a database: goodRow's places and document types, and two cities
 * named Armenia (Antioquia and Quindío) for the ambiguous-name rule.
 */
export const TEST_REFERENCE: ReferenceRows = {
  departments: [
    { id: 5, code: '05', name: 'Antioquia' },
    { id: 11, code: '11', name: 'Bogotá, D.C.' },
    { id: 76, code: '76', name: 'Valle del Cauca' },
    { id: 63, code: '63', name: 'Quindío' },
  ],
  cities: [
    { id: 5001, code: '05001', name: 'Medellín', commonName: null, departmentId: 5 },
    { id: 11001, code: '11001', name: 'Bogotá, D.C.', commonName: 'Bogotá', departmentId: 11 },
    { id: 76001, code: '76001', name: 'Santiago de Cali', commonName: 'Cali', departmentId: 76 },
    { id: 5059, code: '05059', name: 'Armenia', commonName: null, departmentId: 5 },
    { id: 63001, code: '63001', name: 'Armenia', commonName: null, departmentId: 63 },
  ],
  documentTypes: [
    { id: 1, code: 'CC', name: 'Cédula de ciudadanía' },
    { id: 5, code: 'NIT', name: 'NIT' },
  ],
};

/** Writes rows under the template header with exceljs's streaming writer (fast enough for 100,000 rows). */
export async function buildFleetXlsx(
  rows: Cells[],
  opts: { header?: boolean; headers?: string[] } = {},
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  // Loaded here only: the fleet benchmark's import child uses this module without reading workbooks.
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  const ws = wb.addWorksheet(FLEET_TEMPLATE_SHEET);
  if (opts.header !== false) ws.addRow(opts.headers ?? FLEET_TEMPLATE_COLUMNS.map((c) => c.header)).commit();
  for (const r of rows) ws.addRow(r).commit();
  ws.commit();
  await wb.commit();
  await done;
  return Buffer.concat(chunks);
}

export interface CraftedEntry {
  name: string;
  /** Stored bytes (deflated unless method 0). */
  data: Buffer;
  /** Declared sizes (a lying entry declares less than it inflates to). */
  uncompressedSize: number;
  crc: number;
  method?: 0 | 8;
}

export function deflatedEntry(name: string, content: Buffer, declaredSize = content.length): CraftedEntry {
  return { name, data: deflateRawSync(content), uncompressedSize: declaredSize, crc: crc32(content) };
}

/** A ZIP written by hand (local headers, central directory, end record) for guard tests. */
export function craftZip(entries: CraftedEntry[], opts: { junkBeforeDirectory?: Buffer } = {}): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(e.method ?? 8, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.uncompressedSize, 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, e.data);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(e.method ?? 8, 10);
    cd.writeUInt32LE(e.crc >>> 0, 16);
    cd.writeUInt32LE(e.data.length, 20);
    cd.writeUInt32LE(e.uncompressedSize, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    central.push(cd, name);
    offset += 30 + name.length + e.data.length;
  }
  if (opts.junkBeforeDirectory) {
    parts.push(opts.junkBeforeDirectory);
    offset += opts.junkBeforeDirectory.length;
  }
  const cdBuf = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cdBuf, end]);
}

/** The parts every workbook has, small and valid, to wrap around a dangerous entry. */
export function workbookShell(): CraftedEntry[] {
  return [
    deflatedEntry('[Content_Types].xml', Buffer.from('<?xml version="1.0"?><Types/>')),
    deflatedEntry('xl/workbook.xml', Buffer.from('<?xml version="1.0"?><workbook/>')),
  ];
}
