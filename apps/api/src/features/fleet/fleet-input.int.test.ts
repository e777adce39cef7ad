import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_PATHS, fleetUploadStatusSchema } from '@togo/domain/fleet/fleet.contract';
import { INPUT_MSG } from '@togo/domain/input-limits';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { multipart, type TestUser } from '../garage/garage.test-support.ts';
import { buildFleetXlsx, createCompanyUser, goodRow, uploadFleetFile } from './fleet.test-support.ts';

/**
 * Decision 018 on the fleet upload: text from the file reaches PostgreSQL and comes back in the errors workbook.
 * A NUL smuggled in as the OOXML escape `_x0000_` never fails the import; formula-like text comes back
 * neutralised; a NUL in the file name is a 400.
 */

let t: TestContext;
let company: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompanyUser(t);
});
afterAll(async () => {
  await t.close();
});

describe('fleet upload input', () => {
  it('imports a file with _x0000_ escapes and formula-like text; the errors workbook neutralises the formulas', async () => {
    const withNul = goodRow(4);
    withNul[6] = 'Conductor_x0000_ Cuatro';
    const formula = goodRow(5);
    formula[3] = '=HYPERLINK("http://x","y")';
    const res = await uploadFleetFile(t, company, await buildFleetXlsx([goodRow(1), withNul, formula]));
    expect(res.statusCode).toBe(202);
    await t.jobs.drain();
    const status = await t.app.inject({
      method: 'GET',
      url: FLEET_PATHS.uploadStatus(res.json().id),
      headers: company.headers,
    });
    expect(fleetUploadStatusSchema.parse(status.json())).toMatchObject({
      vehiculos_agregados: 2,
      filas_con_errores: 1,
    });

    const download = await t.app.inject({
      method: 'GET',
      url: FLEET_PATHS.errorsDownload,
      headers: company.headers,
    });
    expect(download.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const row = wb.worksheets[0]?.getRow(2);
    expect(row?.getCell(4).value).toBe('\'=HYPERLINK("http://x","y")');
    expect(row?.getCell(4).formula).toBeUndefined();
  });

  it('a NUL in the uploaded file name is a 400 naming the field', async () => {
    const body = multipart(await buildFleetXlsx([goodRow(9)]), { filename: 'flota\u0000.xlsx' });
    const res = await t.app.inject({
      method: 'POST',
      url: FLEET_PATHS.upload,
      headers: { ...company.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ file: [INPUT_MSG.invalidCharacters] });
  });
});
