import { vehicleSchema, type Vehicle, type VehicleCreateRequest } from '@togo/domain/garage/garage.contract';
import { apiParse } from '../../../lib/api-client.ts';

/** POST /api/togo/vehicle/ → 201 vehicle; 400 with field errors ({placa: [...]}) or {detail}. */
export function createVehicle(body: VehicleCreateRequest): Promise<Vehicle> {
  return apiParse(vehicleSchema, '/api/togo/vehicle/', { method: 'POST', body });
}
