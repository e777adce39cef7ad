import { describe, expect, it } from 'vitest';
import {
  fromSpreadsheetText,
  spreadsheetRow,
  spreadsheetText,
  xmlSafeSpreadsheetText,
} from './spreadsheet-text.ts';

describe('spreadsheetText (OWASP CSV injection)', () => {
  it.each(['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])(
    'prefixes a quote to formula-like text: %j',
    (text) => {
      expect(spreadsheetText(text)).toBe(`'${text}`);
      expect(fromSpreadsheetText(spreadsheetText(text))).toBe(text);
    },
  );

  it.each(['ABC123', 'Ana Pérez', '', "'quoted", ' =1', '3001234567', 'a=b'])(
    'keeps other text: %j',
    (text) => {
      expect(spreadsheetText(text)).toBe(text);
      expect(fromSpreadsheetText(text)).toBe(text);
    },
  );

  it('a row keeps its numbers and neutralises its text', () => {
    expect(spreadsheetRow(['=1+1', 45210, -3, 'ok'])).toEqual(["'=1+1", 45210, -3, 'ok']);
  });

  it('for exports from the database, strips XML-invalid control characters, then neutralises', () => {
    expect(xmlSafeSpreadsheetText('Bogotá')).toBe('Bogotá');
    expect(xmlSafeSpreadsheetText('A\u0000B\u0007C')).toBe('ABC');
    expect(xmlSafeSpreadsheetText('\u0007=1')).toBe("'=1");
    expect(xmlSafeSpreadsheetText('\t=1')).toBe("'\t=1");
  });
});
