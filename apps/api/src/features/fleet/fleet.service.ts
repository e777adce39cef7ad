import { createHash, randomUUID } from 'node:crypto';
import {
  FLEET_MSG,
  FLEET_UPLOAD_MAX_BYTES,
  FLEET_UPLOAD_MAX_ROWS,
  XLSX_CONTENT_TYPE,
  type FleetErrorPage,
  type FleetErrorsQuery,
  type FleetListQuery,
  type FleetUploadStatus,
  type FleetVehicle,
  type FleetVehicleList,
} from '@togo/domain/fleet/fleet.contract';
import { GROUP_COMPANY } from '@togo/domain/roles';
import type { RegistryVehicle } from '@togo/domain/garage/registry.contract';
import { AppError } from '../../http/app-error.ts';
import { storageKeyFor, type FileStorage } from '../../integrations/files/file-storage.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { toVehicleData } from '../garage/garage.mapper.ts';
import { buildErrorsWorkbook, buildGuideWorkbook } from './fleet-workbooks.ts';
import type { FleetRepository, FleetUploadRow, FleetVehicleView } from './fleet.repository.ts';
import { DEFAULT_XLSX_LIMITS, XlsxRejected, inspectXlsx, type XlsxLimits } from '../../lib/xlsx-guard.ts';

export const FLEET_IMPORT_JOB = 'fleet-import';
export interface FleetImportJobData {
  uploadId: number;
}
/**
 * Gets an import whose last attempt died with its process (expired, decision 112): its upload is marked failed, so
 * that it never stays 'procesando'.
 */
export const FLEET_IMPORT_LOST_JOB = 'fleet-import-lost';
/**
 * A failed import (database down, or its process killed: JOB_EXPIRE_SECONDS later) is retried twice, 10 s then
 * 20 s later.
 */
export const FLEET_IMPORT_JOB_OPTIONS = {
  retryLimit: 2,
  retryDelay: 10,
  retryBackoff: true,
  deadLetter: FLEET_IMPORT_LOST_JOB,
};

/** At most this many error rows in the errors download (one upload's worth). */
const ERRORS_DOWNLOAD_MAX = FLEET_UPLOAD_MAX_ROWS;

export interface CompanyUser {
  id: number;
  groupId: number;
}

export interface FleetServiceDeps {
  repo: FleetRepository;
  storage: FileStorage;
  jobs: JobQueue;
  clock: Clock;
  /** Overrides for the benchmark (more rows than the product allows); defaults from the contract. */
  limits?: FleetLimits | undefined;
  log?: { warn(obj: object, msg: string): void } | undefined;
}

export type FleetLimits = Partial<XlsxLimits> & { maxUploadBytes?: number };

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

/** 403 unless the user has the company role (SPPF §6). Returns the company's user id. */
export function requireCompany(user: CompanyUser): number {
  if (user.groupId !== GROUP_COMPANY) throw AppError.forbidden(FLEET_MSG.companyOnly);
  return user.id;
}

/**
 * An upload's status. Its processed rows are each counted once: added, updated, refused, and the rest unchanged
 * (decision 107). `repetido`: the same file again, which changed nothing — every row it had loaded is unchanged now.
 */
function toStatus(row: FleetUploadRow, repetido = false): FleetUploadStatus {
  const total = Math.max(row.rowsTotal, row.rowsDone);
  const porcentaje =
    row.status === 'terminado' ? 100 : total > 0 ? Math.min(99, Math.floor((row.rowsDone / total) * 100)) : 0;
  const unchanged = Math.max(0, row.rowsDone - row.vehiclesAdded - row.vehiclesUpdated - row.errorRows);
  const counts = repetido
    ? {
        vehiculos_agregados: 0,
        vehiculos_actualizados: 0,
        vehiculos_sin_cambios: unchanged + row.vehiclesAdded + row.vehiclesUpdated,
      }
    : {
        vehiculos_agregados: row.vehiclesAdded,
        vehiculos_actualizados: row.vehiclesUpdated,
        vehiculos_sin_cambios: unchanged,
      };
  return {
    id: row.id,
    estado: row.status as FleetUploadStatus['estado'],
    nombre_archivo: row.filename,
    filas_procesadas: row.rowsDone,
    filas_totales: total,
    ...counts,
    filas_con_errores: row.errorRows,
    columnas_ignoradas: row.ignoredColumns,
    porcentaje,
    mensaje: row.message,
    repetido,
    created: row.created.toISOString(),
    finished: row.finished ? row.finished.toISOString() : null,
  };
}

export function toFleetVehicle(row: FleetVehicleView): FleetVehicle {
  const registry = row.registryStatus === 'ok' ? (row.registryData as RegistryVehicle | null) : null;
  const status = row.registryStatus;
  return {
    id: row.id,
    placa: row.placa,
    kilometraje_digitado: row.kilometrajeDigitado,
    created: row.created.toISOString(),
    documento_propietario: row.documentoPropietario,
    tipo_documento_propietario: row.tipoDocumentoPropietario,
    tipo_documento_propietario_data: { name: row.documentTypeName },
    department: row.departmentId,
    city: row.cityId,
    city_data: row.cityId !== null && row.cityName !== null ? { id: row.cityId, name: row.cityName } : null,
    vehicle_data: registry ? toVehicleData(row.placa, row.kilometrajeDigitado, registry) : null,
    lookup_status: status === 'ok' || status === 'failed' ? status : 'pending',
    demo: row.registryProvider === 'demo',
    conductor_nombre: row.driverNombre,
  };
}

/** Sanitised file name for display (no paths, no control characters). */
function displayName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- strips control characters from a user-supplied name
  const clean = base.replace(/[\u0000-\u001f\u007f<>]/g, '').trim();
  return (clean || 'flota.xlsx').slice(0, 120);
}

/** The company fleet area (SPPF §2, §4-§7): uploads, their progress and errors, the fleet list. */
export class FleetService {
  private readonly limits: XlsxLimits;
  /** Multipart file size cap (413 beyond). */
  readonly maxUploadBytes: number;

  constructor(private readonly deps: FleetServiceDeps) {
    const { maxUploadBytes, ...xlsx } = deps.limits ?? {};
    this.limits = { ...DEFAULT_XLSX_LIMITS, maxRows: FLEET_UPLOAD_MAX_ROWS, ...xlsx };
    this.maxUploadBytes = maxUploadBytes ?? FLEET_UPLOAD_MAX_BYTES;
  }

  /**
   * Checks the file (real .xlsx, zip-bomb guard, row limit), stores it and queues the import. The same file
   * already imported by this company answers that upload with repetido=true; one still being imported (sent
   * twice at once) answers that import, to follow as this one.
   */
  async upload(
    user: CompanyUser,
    readFile: () => Promise<UploadedFile | null>,
  ): Promise<{ status: number; body: FleetUploadStatus }> {
    const companyId = requireCompany(user);
    const file = await readFile();
    if (!file || file.bytes.length === 0) throw AppError.badRequest(FLEET_MSG.noFile);
    let dataRows: number;
    try {
      ({ dataRows } = await inspectXlsx(file.bytes, this.limits));
    } catch (err) {
      if (!(err instanceof XlsxRejected)) throw err;
      this.deps.log?.warn({ companyId, reason: err.reason, detail: err.message }, 'fleet upload rejected');
      if (err.reason === 'too_many_rows') throw AppError.badRequest(FLEET_MSG.tooManyRows);
      if (err.reason === 'unsafe') throw AppError.badRequest(FLEET_MSG.unsafeFile);
      throw AppError.badRequest(FLEET_MSG.invalidFile);
    }
    const sha = createHash('sha256').update(file.bytes).digest('hex');
    const { repo, storage, clock } = this.deps;
    const existing = await repo.findLiveUploadByHash(companyId, sha);
    if (existing) return { status: 200, body: toStatus(existing, existing.status === 'terminado') };

    const id = randomUUID();
    const key = storageKeyFor(id, 'xlsx');
    await storage.put(key, file.bytes, XLSX_CONTENT_TYPE);
    const row = await repo.insertUpload({
      companyUserId: companyId,
      fileSha256: sha,
      filename: displayName(file.filename),
      storageKey: key,
      size: file.bytes.length,
      rowsTotal: dataRows,
      created: clock.now(),
    });
    if (!row) {
      // The same file was uploaded at the same moment: answer that upload.
      await storage.delete(key).catch(() => undefined);
      const other = await repo.findLiveUploadByHash(companyId, sha);
      if (!other) throw AppError.conflict(FLEET_MSG.uploadFailed);
      return { status: 200, body: toStatus(other, other.status === 'terminado') };
    }
    try {
      const data: FleetImportJobData = { uploadId: row.id };
      await this.deps.jobs.send(FLEET_IMPORT_JOB, data, FLEET_IMPORT_JOB_OPTIONS);
    } catch (err) {
      this.deps.log?.warn({ err, uploadId: row.id }, 'could not queue the fleet import');
      await repo.failUpload(row.id, FLEET_MSG.uploadFailed, clock.now());
      const failed = await repo.findUpload(row.id);
      return { status: 202, body: toStatus(failed ?? row) };
    }
    return { status: 202, body: toStatus(row) };
  }

  async uploadStatus(user: CompanyUser, uploadId: number): Promise<FleetUploadStatus> {
    const row = await this.deps.repo.findOwnedUpload(requireCompany(user), uploadId);
    if (!row) throw AppError.notFound();
    return toStatus(row);
  }

  async latestUpload(user: CompanyUser): Promise<FleetUploadStatus> {
    const row = await this.deps.repo.findLatestUpload(requireCompany(user));
    if (!row) throw AppError.notFound('Aún no has cargado vehículos.');
    return toStatus(row);
  }

  async list(user: CompanyUser, query: FleetListQuery): Promise<FleetVehicleList> {
    const companyId = requireCompany(user);
    if (query.page === null) throw AppError.notFound(FLEET_MSG.pageInvalid);
    const total = await this.deps.repo.countVehicles(companyId, query.placa);
    const pages = Math.ceil(total / query.page_size);
    if (query.page > Math.max(1, pages)) throw AppError.notFound(FLEET_MSG.pageInvalid);
    const rows = await this.deps.repo.pageVehicles(
      companyId,
      query.placa,
      query.page_size,
      (query.page - 1) * query.page_size,
    );
    return { data: rows.map(toFleetVehicle), total, numero_paginas_totales: pages };
  }

  /** SPPF §5: pages 1..numero_paginas_totales only (page 1 of an empty list answers no rows). */
  async errors(user: CompanyUser, query: FleetErrorsQuery): Promise<FleetErrorPage> {
    const companyId = requireCompany(user);
    if (query.page === null) throw AppError.notFound(FLEET_MSG.pageInvalid);
    const total = await this.deps.repo.countErrors(companyId);
    const pages = Math.ceil(total / query.page_size);
    if (query.page > Math.max(1, pages)) throw AppError.notFound(FLEET_MSG.pageInvalid);
    const rows = await this.deps.repo.pageErrors(
      companyId,
      query.page_size,
      (query.page - 1) * query.page_size,
    );
    return {
      data: rows.map((r) => ({
        id: r.id,
        placa: r.placa,
        message: r.message,
        details: { kilometraje_digitado: r.kilometraje, documento_propietario: r.documentoPropietario },
        created: r.created.toISOString(),
        fila: r.rowNumber,
        id_carga: r.uploadId,
      })),
      numero_paginas_totales: pages,
      total,
      page: query.page,
    };
  }

  async guide(user: CompanyUser): Promise<Buffer> {
    requireCompany(user);
    return buildGuideWorkbook();
  }

  async errorsWorkbook(user: CompanyUser): Promise<Buffer> {
    const rows = await this.deps.repo.allErrorRows(requireCompany(user), ERRORS_DOWNLOAD_MAX);
    return buildErrorsWorkbook(rows);
  }
}
