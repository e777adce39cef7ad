import type { vehicles } from '../../db/schema.ts';

/** What the garage repository reads and writes: a live vehicle's view, provider snapshots, stored files. */

export type SnapshotKind = 'registry' | 'fines' | 'value';

export type VehicleInsert = Pick<
  typeof vehicles.$inferInsert,
  | 'userId'
  | 'placa'
  | 'documentoPropietario'
  | 'tipoDocumentoPropietario'
  | 'kilometrajeDigitado'
  | 'departmentId'
  | 'cityId'
  | 'created'
  | 'updated'
>;

/** A live vehicle with what its wire shape needs, read in one query. */
export interface VehicleView {
  id: number;
  userId: number;
  placa: string;
  kilometrajeDigitado: number;
  score: number | null;
  created: Date;
  imageFileId: string | null;
  imageExtension: string | null;
  licenceFileId: string | null;
  licenceExtension: string | null;
  documentoPropietario: string;
  tipoDocumentoPropietario: number;
  documentTypeName: string;
  documentTypeCode: string;
  cityId: number | null;
  cityName: string | null;
  departmentId: number | null;
  isSelected: boolean;
  registryStatus: string | null;
  registryProvider: string | null;
  registryData: unknown;
}

export interface SnapshotRow {
  kind: string;
  provider: string;
  status: string;
  data: unknown;
  attempts: number;
  lastError: string | null;
  updated: Date;
}

export interface AlertDateValues {
  code: string;
  fechaExpedicion: string | null;
  fechaVencimiento: string | null;
}

export interface StoredFileRow {
  id: string;
  ownerUserId: number;
  purpose: string;
  contentType: string;
  extension: string;
  size: number;
  storageKey: string;
}
