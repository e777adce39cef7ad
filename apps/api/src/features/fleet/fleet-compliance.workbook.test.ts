import { describe, expect, it } from 'vitest';
import { dateCell } from './fleet-compliance.workbook.ts';

describe('dateCell (issue 37: exports write date cells)', () => {
  it('turns a YYYY-MM-DD day, or an instant starting with one, into that day at UTC midnight', () => {
    expect(dateCell('2026-12-01')).toEqual(new Date('2026-12-01T00:00:00Z'));
    expect(dateCell('2025-11-02T10:30:00')).toEqual(new Date('2025-11-02T00:00:00Z'));
  });

  it('leaves blanks blank and other text as neutralised text', () => {
    expect(dateCell(null)).toBe('');
    expect(dateCell('  ')).toBe('');
    expect(dateCell('2026-02-30')).toBe('2026-02-30');
    expect(dateCell('01/12/2026')).toBe('01/12/2026');
    expect(dateCell('=1+1')).toBe("'=1+1");
  });
});
