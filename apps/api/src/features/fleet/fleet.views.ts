/** What the fleet repository answers: a fleet vehicle, its driver, an import chunk's result. */

export interface FleetVehicleView {
  id: number;
  placa: string;
  kilometrajeDigitado: number;
  created: Date;
  documentoPropietario: string;
  tipoDocumentoPropietario: number;
  documentTypeName: string;
  documentTypeCode: string;
  departmentId: number | null;
  cityId: number | null;
  cityName: string | null;
  registryStatus: string | null;
  registryProvider: string | null;
  registryData: unknown;
  driverNombre: string | null;
}

export interface FleetDriverRow {
  vehicleId: number;
  origin: string;
  nombre: string | null;
  tipoDocumento: number;
  documentTypeName: string;
  documentTypeCode: string;
  documento: string;
  telefono: string | null;
  cityId: number | null;
  cityName: string | null;
}

export interface ChunkResult {
  /** Vehicles new to the fleet. */
  added: number;
  /** Vehicles already in the fleet whose data or driver changed. */
  updated: number;
  /** Error records inserted (a retried chunk inserts none twice). */
  errors: number;
}
