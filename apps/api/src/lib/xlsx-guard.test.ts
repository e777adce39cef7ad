import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildFleetXlsx,
  craftZip,
  deflatedEntry,
  goodRow,
  workbookShell,
} from '../features/fleet/fleet.test-support.ts';
import { XlsxRejected, inspectXlsx } from './xlsx-guard.ts';

async function reason(bytes: Buffer, limits?: Parameters<typeof inspectXlsx>[1]) {
  try {
    await inspectXlsx(bytes, limits);
    return 'ok';
  } catch (err) {
    if (err instanceof XlsxRejected) return err.reason;
    throw err;
  }
}

const limits = { maxEntries: 50, maxUncompressedBytes: 50 * 1024 * 1024, maxRatio: 150, maxRows: 100 };

describe('inspectXlsx (zip checks before parsing)', () => {
  it('counts the data rows of a real workbook', async () => {
    const file = await buildFleetXlsx(Array.from({ length: 42 }, (_, i) => goodRow(i)));
    expect(await inspectXlsx(file, limits)).toEqual({ dataRows: 42 });
    expect(
      await reason(await buildFleetXlsx(Array.from({ length: 101 }, (_, i) => goodRow(i))), limits),
    ).toBe('too_many_rows');
  });

  it('refuses what is not an xlsx', async () => {
    expect(await reason(Buffer.from('hola'))).toBe('invalid');
    expect(await reason(Buffer.from('PK\u0003\u0004 roto'.padEnd(60, 'x')))).toBe('invalid');
    expect(await reason(craftZip([deflatedEntry('word/document.xml', Buffer.from('<w/>'))]))).toBe('invalid');
  });

  it('refuses bombs by ratio, declared size, entry count, lying sizes and hidden bytes', async () => {
    const zeros = Buffer.alloc(2 * 1024 * 1024);
    expect(
      await reason(craftZip([...workbookShell(), deflatedEntry('xl/worksheets/sheet1.xml', zeros)]), limits),
    ).toBe('unsafe');
    const big = { ...deflatedEntry('xl/media/a.bin', Buffer.alloc(10)), uncompressedSize: 60 * 1024 * 1024 };
    expect(
      await reason(craftZip([...workbookShell(), { ...big, data: Buffer.alloc(1024 * 1024) }]), limits),
    ).toBe('unsafe');
    const many = Array.from({ length: 60 }, (_, i) => deflatedEntry(`xl/m${i}.xml`, Buffer.from('<a/>')));
    expect(await reason(craftZip([...workbookShell(), ...many]), limits)).toBe('unsafe');
    const liar = deflatedEntry('xl/worksheets/sheet1.xml', Buffer.alloc(300_000, 0x20), 1000);
    expect(await reason(craftZip([...workbookShell(), liar]), limits)).toBe('unsafe');
    expect(
      await reason(craftZip(workbookShell(), { junkBeforeDirectory: Buffer.alloc(100, 7) }), limits),
    ).toBe('unsafe');
    expect(await reason(craftZip(workbookShell()), limits)).toBe('ok');
  });

  it('counts a row tag cut by the 1 MiB inflate chunk boundary once, and never <rows', async () => {
    for (const shift of [0, 1, 2, 3, 4, 5]) {
      // Incompressible filler (hex: no '<') so the ratio check passes; the tag lands across the boundary.
      const filler = randomBytes(1024 * 1024)
        .toString('hex')
        .slice(0, 1024 * 1024 - shift);
      const sheet = Buffer.from(
        `${filler}<row r="1"><c/></row><rows/><row>x</row>\n<row\tr="3"/><rowx/><row r="4">`,
      );
      const file = craftZip([...workbookShell(), deflatedEntry('xl/worksheets/sheet1.xml', sheet)]);
      // Four rows: the header and three data rows.
      expect(await inspectXlsx(file, limits)).toEqual({ dataRows: 3 });
    }
  });

  it('refuses an entry that inflates to less than its declared size', async () => {
    const short = deflatedEntry('xl/worksheets/sheet1.xml', Buffer.from('<row>'.repeat(50)), 400);
    expect(await reason(craftZip([...workbookShell(), short]), limits)).toBe('unsafe');
  });
});
