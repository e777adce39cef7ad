import type { Vehicle, VehicleCreateRequest } from '@togo/domain/garage/garage.contract';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/togo/vehicle/ → 201 vehicle; 400 with field errors ({placa: [...]}) or {detail}. */
export function createVehicle(body: VehicleCreateRequest): Promise<Vehicle> {
  return apiPost<Vehicle>('/api/togo/vehicle/', body);
}
