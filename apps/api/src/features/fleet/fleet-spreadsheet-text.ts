/**
 * Text for a spreadsheet cell that a spreadsheet program will not run as a formula (CSV/formula injection):
 * a value starting with = + - @ or a tab/carriage return gets a leading apostrophe. Also strips NUL and other
 * control characters that are invalid in XML.
 */
export function spreadsheetText(value: string): string {
  // eslint-disable-next-line no-control-regex -- removes characters that XML 1.0 forbids
  const clean = value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
  return /^[=+\-@\t\r]/.test(clean) ? `'${clean}` : clean;
}
