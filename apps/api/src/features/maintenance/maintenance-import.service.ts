import { bogotaToday } from '@togo/domain/bogota-time';
import {
  MAINTENANCE_IMPORT_MAX_ROWS,
  MAINTENANCE_IMPORT_MSG as IMSG,
  type MaintenanceImportError,
  type MaintenanceImportResult,
} from '@togo/domain/maintenance/maintenance-import.contract';
import { AppError } from '../../http/app-error.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import type { Clock } from '../../lib/clock.ts';
import { DEFAULT_XLSX_LIMITS, XlsxRejected, inspectXlsx } from '../../lib/xlsx-guard.ts';
import { ImportFileRejected, parseImportFile } from './maintenance-import.parse.ts';
import { checkImportRow, type CheckedRow } from './maintenance-import.rows.ts';
import type { MaintenanceRepository } from './maintenance.repository.ts';
import type { ImportedService, MaintenanceService } from './maintenance.service.ts';

type ValidRow = Extract<CheckedRow, { ok: true }>;

/**
 * The import of past service records from a company's spreadsheet (issue 39 "Companies", decision 092). The
 * fleet upload's pipeline — multipart `file` with a size cap (413), the .xlsx guard (zip bombs, renamed files,
 * the row cap), exceljs's streaming reader — then each row checked with its Spanish errors. A file that fails
 * any of that is a 400 and nothing is stored; otherwise the valid rows are stored vehicle by vehicle (each under
 * its lock, with the odometer rule) and the invalid ones listed.
 */
export class MaintenanceImportService {
  constructor(
    private readonly d: {
      repo: Pick<MaintenanceRepository, 'platesOf'>;
      maintenance: Pick<MaintenanceService, 'importRecords'>;
      clock: Clock;
      log?: { warn(obj: object, msg: string): void } | undefined;
    },
  ) {}

  async import(
    organisationId: number,
    callerId: number,
    readFile: () => Promise<UploadedFile | null>,
  ): Promise<MaintenanceImportResult> {
    const file = await readFile();
    if (!file || file.bytes.length === 0) throw AppError.field('file', IMSG.noFile);
    try {
      await inspectXlsx(file.bytes, { ...DEFAULT_XLSX_LIMITS, maxRows: MAINTENANCE_IMPORT_MAX_ROWS });
    } catch (err) {
      if (!(err instanceof XlsxRejected)) throw err;
      this.d.log?.warn({ organisationId, reason: err.reason }, 'maintenance import rejected');
      if (err.reason === 'too_many_rows') throw AppError.field('file', IMSG.tooManyRows);
      throw AppError.field('file', err.reason === 'unsafe' ? IMSG.unsafeFile : IMSG.invalidFile);
    }
    let parsed;
    try {
      parsed = await parseImportFile(file.bytes);
    } catch (err) {
      if (err instanceof ImportFileRejected) throw AppError.field('file', err.message);
      throw err;
    }

    const today = bogotaToday(this.d.clock.now());
    const plates = await this.d.repo.platesOf(organisationId);
    const errores: MaintenanceImportError[] = [];
    const byVehicle = new Map<number, ValidRow[]>();
    for (const { rowNumber, cells } of parsed) {
      const row = checkImportRow(rowNumber, cells, { today, plates });
      if (!row.ok) {
        errores.push({ fila: row.rowNumber, placa: row.placa, mensaje: row.mensaje });
        continue;
      }
      const list = byVehicle.get(row.vehicleId);
      if (list) list.push(row);
      else byVehicle.set(row.vehicleId, [row]);
    }

    let importadas = 0;
    let repetidas = 0;
    // One vehicle at a time, in id order (two imports at once lock vehicles in the same order).
    for (const [vehicleId, rows] of [...byVehicle].sort((a, b) => a[0] - b[0])) {
      const services: ImportedService[] = rows.map((r) => r.service);
      const outcomes = await this.d.maintenance.importRecords(vehicleId, callerId, services);
      outcomes.forEach((outcome, i) => {
        const row = rows[i] as ValidRow;
        if (outcome === 'importada') importadas++;
        else if (outcome === 'repetida') repetidas++;
        else
          errores.push({ fila: row.rowNumber, placa: row.placa, mensaje: `Kilometraje: ${outcome.error}` });
      });
    }
    errores.sort((a, b) => a.fila - b.fila);
    return {
      nombre_archivo: displayName(file.filename),
      filas: parsed.length,
      importadas,
      repetidas,
      errores,
    };
  }
}

/** The file's name as shown back (no folders, at most 120 characters). */
function displayName(filename: string): string {
  return (filename.split(/[\\/]/).pop() ?? '').slice(0, 120) || 'archivo.xlsx';
}
