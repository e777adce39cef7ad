import { describe, expect, it } from 'vitest';
import { FLEET_MSG, FLEET_PATHS } from '@togo/domain/fleet/fleet.contract';
import { multipart } from '../garage/garage.test-support.ts';
import { FLEET_IMPORT_JOB } from './fleet.service.ts';
import { fleetUploadWorld } from './fleet-upload.test-world.ts';
import {
  buildFleetXlsx,
  craftZip,
  deflatedEntry,
  plateFor,
  workbookShell,
  type Cells,
} from './fleet.test-support.ts';

const { world, upload, status } = fleetUploadWorld();

describe('fleet upload: files refused before parsing', () => {
  it('asks for a file when there is none', async () => {
    const empty = await world.t.app.inject({
      method: 'POST',
      url: FLEET_PATHS.upload,
      headers: world.company.headers,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: FLEET_MSG.noFile });
    const body = multipart(Buffer.from('x'), { field: 'otro' });
    const wrongField = await world.t.app.inject({
      method: 'POST',
      url: FLEET_PATHS.upload,
      headers: { ...world.company.headers, ...body.headers },
      payload: body.payload,
    });
    expect(wrongField.json()).toEqual({ detail: FLEET_MSG.noFile });
  });

  it('answers a malformed multipart body with a 4xx, never a 500', async () => {
    const res = await world.t.app.inject({
      method: 'POST',
      url: FLEET_PATHS.upload,
      headers: { ...world.company.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('refuses files over 10 MB with 413', async () => {
    const res = await upload(world.company, Buffer.alloc(10 * 1024 * 1024 + 1, 0x50));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: FLEET_MSG.tooLarge });
  });

  it('refuses a .txt renamed .xlsx and a ZIP that is not a workbook', async () => {
    const txt = await upload(world.company, Buffer.from('placa,kilometraje\nABC123,100\n'), 'flota.xlsx');
    expect(txt.statusCode).toBe(400);
    expect(txt.json()).toEqual({ detail: 'Por favor, selecciona un archivo .xlsx válido.' });
    const zip = await upload(world.company, craftZip([deflatedEntry('hola.txt', Buffer.from('hola'))]));
    expect(zip.json()).toEqual({ detail: FLEET_MSG.invalidFile });
  });

  it('refuses zip bombs quickly, without inflating them', async () => {
    const zeros = Buffer.alloc(8 * 1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    // Highly compressed entries (ratio ≈ 1000:1).
    const ratio = await upload(
      world.company,
      craftZip([...workbookShell(), deflatedEntry('xl/worksheets/sheet1.xml', zeros)]),
    );
    expect(ratio.statusCode).toBe(400);
    expect(ratio.json()).toEqual({ detail: FLEET_MSG.unsafeFile });
    // An entry that lies about its size: declares 1 KB, inflates to 8 MB.
    const liar = deflatedEntry('xl/worksheets/sheet1.xml', zeros, 1024);
    liar.data = Buffer.concat([liar.data]);
    const lying = await upload(world.company, craftZip([...workbookShell(), liar]));
    expect(lying.statusCode).toBe(400);
    expect(lying.json()).toEqual({ detail: FLEET_MSG.unsafeFile });
    // Declared total far beyond the limit (many entries sharing the same compressed bytes).
    const many = Array.from({ length: 40 }, (_, i) => ({
      ...deflatedEntry(`xl/media/m${i}.bin`, Buffer.alloc(10)),
      uncompressedSize: 10 * 1024 * 1024,
    }));
    const huge = await upload(world.company, craftZip([...workbookShell(), ...many]));
    expect(huge.json()).toEqual({ detail: FLEET_MSG.unsafeFile });
    // Bytes hidden between the entries and the central directory (read by streaming parsers).
    const hidden = await upload(
      world.company,
      craftZip([...workbookShell()], { junkBeforeDirectory: Buffer.alloc(4096, 1) }),
    );
    expect(hidden.json()).toEqual({ detail: FLEET_MSG.unsafeFile });
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    expect(world.t.jobs.byName(FLEET_IMPORT_JOB).length).toBeLessThan(10);
  });

  it('refuses more than 50,000 rows with a clear message', async () => {
    const rows: Cells[] = Array.from({ length: 50_001 }, (_, i) => [
      plateFor(i),
      1,
      'CC',
      '1',
      '05',
      '05001',
    ]);
    const res = await upload(world.company, await buildFleetXlsx(rows));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: FLEET_MSG.tooManyRows });
  }, 60_000);

  it('fails an upload without the template header with a Spanish message', async () => {
    const res = await upload(
      world.company,
      await buildFleetXlsx([['ABC999', 1, 'CC', '1', '05', '05001']], { header: false }),
    );
    expect(res.statusCode).toBe(202);
    await world.t.jobs.drain();
    expect(await status(world.company, res.json().id)).toMatchObject({
      estado: 'fallido',
      mensaje: FLEET_MSG.missingHeaders,
    });
  });
});
