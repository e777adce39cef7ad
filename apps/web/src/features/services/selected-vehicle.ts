import type { Vehicle } from '@togo/domain/garage/garage.contract';
import { readJson, STORAGE_KEYS } from '../../lib/storage.ts';

/**
 * The vehicle a booking flow books: what it reads of localStorage 'vehicleSelected' (written by the home), or a
 * company's vehicle carried in the RTM flow's own state (lib/rtm-booking.ts).
 */
export type BookingVehicle = Pick<Vehicle, 'id' | 'placa'> &
  Partial<Pick<Vehicle, 'vehicle_data' | 'city'>> & { city_data?: { name: string } | null };

export function readBookingVehicle(): BookingVehicle | null {
  const value = readJson<unknown>(localStorage, STORAGE_KEYS.vehicleSelected);
  if (!value || typeof value !== 'object') return null;
  const { id, placa } = value as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || typeof placa !== 'string') return null;
  return value as BookingVehicle;
}

/** Brand shown on the summary ('Sin registrar' when the registry has not answered yet). */
export const vehicleBrand = (vehicle: BookingVehicle | null) =>
  vehicle?.vehicle_data?.vehicle_brand?.trim() || 'Sin registrar';

/** The vehicle's city as a city option of the booking flows (DANE code), or null when unknown. */
export function vehicleCity(vehicle: BookingVehicle | null): { text: string; value: string } | null {
  const code = vehicle?.city;
  const name = vehicle?.city_data?.name;
  return typeof code === 'number' && code > 0 && typeof name === 'string' && name
    ? { text: name, value: String(code) }
    : null;
}
