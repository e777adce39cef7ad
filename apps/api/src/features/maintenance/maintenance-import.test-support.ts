import ExcelJS from 'exceljs';
import {
  MAINTENANCE_IMPORT_COLUMNS,
  MAINTENANCE_IMPORT_HEADER,
  MAINTENANCE_IMPORT_PATH,
} from '@togo/domain/maintenance/maintenance-import.contract';
import type { TestContext } from '../../test/test-app.ts';
import { multipart, type TestUser } from '../garage/garage.test-support.ts';

/** Test support of the maintenance import (decision 092): workbooks and the upload request. */

export type ImportRow = (string | number | Date | null)[];

/** A workbook with the template's header row (unless `header: false`) and these rows. */
export async function importXlsx(rows: ImportRow[], opts: { header?: boolean } = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Mantenimientos');
  if (opts.header !== false) ws.addRow(MAINTENANCE_IMPORT_COLUMNS.map((c) => MAINTENANCE_IMPORT_HEADER[c]));
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** POST the bytes as the multipart field 'file'. */
export function uploadImport(
  t: Pick<TestContext, 'app'>,
  user: TestUser | null,
  bytes: Buffer,
  filename = 'mantenimientos.xlsx',
) {
  const body = multipart(bytes, { filename });
  return t.app.inject({
    method: 'POST',
    url: MAINTENANCE_IMPORT_PATH,
    headers: { ...(user?.headers ?? {}), ...body.headers },
    payload: body.payload,
  });
}
