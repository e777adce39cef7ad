import { describe, expect, it } from 'vitest';
import { spreadsheetText } from './fleet-spreadsheet-text.ts';

describe('spreadsheetText', () => {
  it('neutralises formula-like text', () => {
    expect(spreadsheetText('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(spreadsheetText('+57 300')).toBe("'+57 300");
    expect(spreadsheetText('-1+1')).toBe("'-1+1");
    expect(spreadsheetText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(spreadsheetText('\t=1')).toBe("'\t=1");
  });
  it('keeps ordinary text and strips XML-invalid control characters', () => {
    expect(spreadsheetText('Bogotá')).toBe('Bogotá');
    expect(spreadsheetText('ABC123')).toBe('ABC123');
    expect(spreadsheetText('A\u0000B\u0007C')).toBe('ABC');
  });
});
