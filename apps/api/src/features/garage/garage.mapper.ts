import type { Vehicle, VehicleData } from '@togo/domain/garage/garage.contract';
import type { RegistryVehicle } from '@togo/domain/garage/registry.contract';
import type { FileUrlSigner } from '../../integrations/files/signed-url.ts';
import type { VehicleView } from './garage.repository.ts';

function lookupStatus(status: string | null): Vehicle['lookup_status'] {
  return status === 'ok' || status === 'failed' ? status : 'pending';
}

/** Registry answer → the web's vehicle_data (SPPF §3 "Selected vehicle"). */
export function toVehicleData(placa: string, mileage: number, r: RegistryVehicle): VehicleData {
  return {
    vehicle_plate: placa,
    vehicle_brand: r.vehiculo.marca,
    year_model: r.vehiculo.modelo,
    vehicle_line: r.vehiculo.linea,
    cylinder_capacity: r.vehiculo.cilindraje,
    mileage,
    type_service: r.vehiculo.servicio,
    vehicle_class_v2: r.vehiculo.clase,
    vehicle_fuel: r.vehiculo.combustible,
    color: r.vehiculo.color,
    expiration_rtm: r.rtm?.fecha_vencimiento ?? null,
    expiration_soat: r.soat?.fecha_vencimiento ?? null,
  };
}

/** A vehicle row (with its joins) → the wire shape. File ids become expiring signed URLs. */
export function toVehicle(row: VehicleView, signer: FileUrlSigner, now: Date): Vehicle {
  const registry = row.registryStatus === 'ok' ? (row.registryData as RegistryVehicle | null) : null;
  return {
    id: row.id,
    placa: row.placa,
    kilometraje_digitado: row.kilometrajeDigitado,
    score: row.score,
    created: row.created.toISOString(),
    url_imagen_vehiculo:
      row.imageFileId && row.imageExtension ? signer.url(row.imageFileId, row.imageExtension, now) : null,
    url_licencia:
      row.licenceFileId && row.licenceExtension
        ? signer.url(row.licenceFileId, row.licenceExtension, now)
        : null,
    documento_propietario: row.documentoPropietario,
    tipo_documento_propietario: row.tipoDocumentoPropietario,
    tipo_documento_propietario_data: { name: row.documentTypeName },
    city: row.cityId,
    city_data: row.cityId !== null && row.cityName !== null ? { id: row.cityId, name: row.cityName } : null,
    department: row.departmentId,
    vehicle_data: registry ? toVehicleData(row.placa, row.kilometrajeDigitado, registry) : null,
    is_selected: row.isSelected,
    demo: row.registryProvider === 'demo',
    lookup_status: lookupStatus(row.registryStatus),
  };
}
