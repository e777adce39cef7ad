import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEGAL_DIR, LEGAL_PDFS } from '../../../scripts/make-legal-pdfs.ts';
import { renderPdf, textWidth, winAnsiBytes, wrap } from '../../../scripts/pdf-writer.ts';

describe('legal PDFs (scripts/make-legal-pdfs.ts)', () => {
  it.each(LEGAL_PDFS.map((l) => [l.file, l.doc] as const))(
    'the committed %s is what the script produces',
    (file, doc) => {
      const committed = readFileSync(path.join(LEGAL_DIR, file));
      expect(renderPdf(doc).equals(committed)).toBe(true);
    },
  );

  it.each(LEGAL_PDFS.map((l) => [l.file] as const))('%s has a valid cross-reference table', (file) => {
    const pdf = readFileSync(path.join(LEGAL_DIR, file)).toString('latin1');
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
    const [, first, size] = /^xref\n(\d+) (\d+)\n/.exec(pdf.slice(startxref)) ?? [];
    expect(first).toBe('0');
    const entries = pdf
      .slice(startxref)
      .split('\n')
      .slice(2, 2 + Number(size));
    entries.slice(1).forEach((entry, i) => {
      const offset = Number(entry.slice(0, 10));
      expect(pdf.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    const pages = Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(pdf)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(pages).toBeLessThanOrEqual(4);
    expect(pdf).toContain('/Encoding /WinAnsiEncoding');
  });
});

describe('pdf-writer', () => {
  it('encodes Spanish text in WinAnsi', () => {
    expect(winAnsiBytes('Política ñ ¿Qué? «sí» – •')).toEqual([
      0x50, 0x6f, 0x6c, 0xed, 0x74, 0x69, 0x63, 0x61, 0x20, 0xf1, 0x20, 0xbf, 0x51, 0x75, 0xe9, 0x3f, 0x20,
      0xab, 0x73, 0xed, 0xbb, 0x20, 0x96, 0x20, 0x95,
    ]);
    expect(() => winAnsiBytes('✓')).toThrow(RangeError);
  });

  it('wraps to the width using Helvetica metrics', () => {
    expect(textWidth('Hola', 'regular', 10)).toBeCloseTo(((722 + 556 + 222 + 556) * 10) / 1000);
    const lines = wrap('uno dos tres cuatro cinco seis siete ocho nueve diez', 'regular', 10, 80);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidth(line, 'regular', 10)).toBeLessThanOrEqual(80);
    expect(lines.join(' ')).toBe('uno dos tres cuatro cinco seis siete ocho nueve diez');
  });
});
