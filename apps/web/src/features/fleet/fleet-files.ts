import { FLEET_MSG } from '@togo/domain/fleet/fleet.contract';

/** What the file input offers: .xlsx only (SPPF §5). The server checks the content again. */
export const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** SPPF §5: only .xlsx files are accepted; the name decides here (the browser's MIME type is unreliable). */
export function isXlsxName(name: string): boolean {
  return /\.xlsx$/i.test(name.trim());
}

/** The alert for a chosen file, or null when it may be uploaded. */
export function xlsxChoiceError(file: File): string | null {
  return isXlsxName(file.name) && file.size > 0 ? null : FLEET_MSG.invalidFile;
}
