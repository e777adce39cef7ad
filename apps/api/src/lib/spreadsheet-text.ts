/**
 * Spreadsheet formula injection (OWASP "CSV Injection"), decision 018: text a user typed that a spreadsheet
 * would read as a formula, because it starts with '=', '+', '-', '@', a tab or a carriage return, is written with
 * a leading single quote, so Excel, LibreOffice and Sheets show it as text and never evaluate it. Every writer of a
 * .xlsx or CSV made from user data passes each text cell through `spreadsheetText`.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function spreadsheetText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * For text read back from the database into an export: the control characters XML 1.0 forbids (which an
 * .xlsx cannot hold) are removed, then the text is neutralised as above.
 */
export function xmlSafeSpreadsheetText(value: string): string {
  // eslint-disable-next-line no-control-regex -- removes characters that XML 1.0 forbids
  return spreadsheetText(value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ''));
}

/** Every cell of a row: text neutralised, numbers (written by the app, never formulas) kept as they are. */
export function spreadsheetRow(cells: readonly (string | number)[]): (string | number)[] {
  return cells.map((c) => (typeof c === 'string' ? spreadsheetText(c) : c));
}

/**
 * The reverse, for files the app reads back (a corrected errors workbook uploaded again): a quote the app put in
 * front of a formula-like text is dropped, so the value is the one the user typed.
 */
export function fromSpreadsheetText(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
