import type { FinesAlertResponse } from '@togo/domain/alerts/alerts.contract';
import type { Vehicle } from '@togo/domain/garage/garage.contract';
import { readJson, STORAGE_KEYS } from '../../lib/storage.ts';

/**
 * What the alert screens read from localStorage 'vehicleSelected' (written by home/garage). Only id is
 * required; the other fields may be missing on an older or partial copy.
 */
export type SelectedVehicle = Pick<Vehicle, 'id'> &
  Partial<Pick<Vehicle, 'placa' | 'vehicle_data' | 'city_data' | 'url_licencia' | 'demo'>>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readSelectedVehicle(): SelectedVehicle | null {
  const value = readJson<unknown>(localStorage, STORAGE_KEYS.vehicleSelected);
  if (!isRecord(value)) return null;
  const { id } = value;
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) return null;
  return value as SelectedVehicle;
}

/** Stores the uploaded licence picture's URL back into vehicleSelected (AHGA §7 'Licence card upload'). */
export function storeLicenceUrl(url: string): SelectedVehicle | null {
  const raw = readJson<unknown>(localStorage, STORAGE_KEYS.vehicleSelected);
  if (!isRecord(raw)) return null;
  const next = { ...raw, url_licencia: url };
  localStorage.setItem(STORAGE_KEYS.vehicleSelected, JSON.stringify(next));
  return readSelectedVehicle();
}

/** Saves the fines check result (AHGA §3 'Fines info', stored as infoInfracciones). */
export function storeFinesInfo(info: FinesAlertResponse): void {
  localStorage.setItem(STORAGE_KEYS.infoInfracciones, JSON.stringify(info));
}

/** The stored fines check result, or null when it is missing or not the expected shape. */
export function readFinesInfo(): FinesAlertResponse | null {
  const value = readJson<unknown>(localStorage, STORAGE_KEYS.infoInfracciones);
  if (!isRecord(value) || !isRecord(value.data)) return null;
  if (!Array.isArray(value.data.comparendos_vehiculo)) return null;
  return value as unknown as FinesAlertResponse;
}
