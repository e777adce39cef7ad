import type { FleetAlerts } from '@togo/domain/fleet/fleet-alerts.contract';
import type {
  FleetDriver,
  FleetError,
  FleetUploadStatus,
  FleetVehicle,
  FleetVehicleDetail,
} from '@togo/domain/fleet/fleet.contract';
import type { Fine } from '@togo/domain/garage/registry.contract';

/** Test data of the fleet screens, shaped as the API answers. */

/** A branch as sedes_by_ciudad answers it (the answer is parsed with the booking contract's schema). */
export const MEDELLIN_BRANCH = {
  id: 'RTM-MED-01',
  nombre: 'CDA Medellín',
  text: 'CDA Medellín',
  direccion: 'Calle 1',
  imagen: '/static/sedes/medellin.svg',
  lat: 6.25,
  lng: -75.56,
  ciudad_sb: 'Medellín',
  ciudad_codigo: '05001',
  telefono: '604 555 0101',
  maps: 'https://maps.google.com/?q=6.25,-75.56',
  horario: { lunes_viernes: { apertura: '07:00', cierre: '19:00' }, sabado: null },
  capacidad: 3,
  a_domicilio: false,
};

export function signInCompany() {
  localStorage.setItem('token', 'tok-empresa');
  localStorage.setItem(
    'userInfo',
    JSON.stringify({
      id: 7,
      nombres: 'Flotas',
      apellidos: 'SAS',
      ids_roles: [2],
      is_first_login_togo: false,
    }),
  );
}

export function fleetVehicle(id: number, placa: string, city: string | null = 'Bogotá'): FleetVehicle {
  return {
    id,
    placa,
    kilometraje_digitado: 45210,
    created: '2026-11-20T15:00:00.000Z',
    documento_propietario: '900123456',
    tipo_documento_propietario: 5,
    tipo_documento_propietario_data: { name: 'NIT' },
    department: 11,
    city: city ? 11001 : null,
    city_data: city ? { id: 11001, name: city } : null,
    vehicle_data: null,
    lookup_status: 'ok',
    demo: true,
    conductor_nombre: null,
  };
}

export function fine(overrides: Partial<Fine> = {}): Fine {
  return {
    numero: '11001000000012345678',
    tipo: 'Comparendo - C02 Estacionar en sitio prohibido',
    estado: 'vigente',
    total: 604100,
    fecha_infraccion: '2026-03-15',
    placa: 'ABC123',
    infractor: 'JUAN PÉREZ',
    descripcion: 'Estacionar un vehículo en sitios prohibidos.',
    categoria: 'C02',
    ...overrides,
  };
}

export function driver(overrides: Partial<FleetDriver> = {}): FleetDriver {
  return {
    origen: 'archivo',
    nombre: 'Carlos Gómez',
    tipo_documento: 1,
    tipo_documento_data: { name: 'Cédula de ciudadanía' },
    documento: '1020304050',
    telefono: '3001234567',
    city: 5001,
    city_data: { id: 5001, name: 'Medellín' },
    foto_url: null,
    licencia: {
      numero_licencia_transito: '1020304050',
      organismo_expedicion: 'STRIA. MOVILIDAD MEDELLIN',
      fecha_expedicion_lic_transito: '2019-05-02',
      estado_lic_transito: 'ACTIVA',
      restricciones_lic_transito: null,
      detalles_lic_transito: [
        { categoria: 'C1', fechaVencimiento: '2029-05-02' },
        { categoria: 'A2', fechaVencimiento: '2031-05-02' },
        { categoria: 'B1', fechaVencimiento: '2030-05-02' },
      ],
    },
    comparendos_persona: [],
    ...overrides,
  };
}

export function vehicleDetail(overrides: Partial<FleetVehicleDetail> = {}): FleetVehicleDetail {
  return {
    ...fleetVehicle(12, 'ABC123'),
    url_imagen_vehiculo: null,
    vehicle_data: {
      vehicle_plate: 'ABC123',
      vehicle_brand: 'KIA',
      year_model: 2021,
      vehicle_line: 'PICANTO',
      cylinder_capacity: 1248,
      mileage: 45210,
      type_service: 'Particular',
      vehicle_class_v2: 'AUTOMOVIL',
      vehicle_fuel: 'GASOLINA',
      color: 'ROJO',
      expiration_rtm: null,
      expiration_soat: '2027-01-31',
    },
    comparendos_vehiculo: [],
    conductor: driver(),
    fines_status: 'ok',
    ...overrides,
  };
}

export function uploadStatus(overrides: Partial<FleetUploadStatus> = {}): FleetUploadStatus {
  return {
    id: 41,
    estado: 'en_cola',
    nombre_archivo: 'flota.xlsx',
    filas_procesadas: 0,
    filas_totales: 20,
    vehiculos_agregados: 0,
    vehiculos_actualizados: 0,
    vehiculos_sin_cambios: 0,
    filas_con_errores: 0,
    columnas_ignoradas: [],
    porcentaje: 0,
    mensaje: null,
    repetido: false,
    created: '2026-11-23T15:00:00.000Z',
    finished: null,
    ...overrides,
  };
}

export function fleetError(n: number, overrides: Partial<FleetError> = {}): FleetError {
  return {
    id: n,
    placa: `ER${String(n).padStart(4, '0')}`,
    message: 'Placa: Formato de placa inválido.',
    details: { kilometraje_digitado: '1000', documento_propietario: '900123456' },
    created: '2026-11-23T15:04:00.000Z',
    fila: n + 1,
    id_carga: 41,
    ...overrides,
  };
}

export function xlsxFile(name = 'flota.xlsx', content = 'PK\u0003\u0004 hoja'): File {
  return new File([content], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}

/** An Alertas answer (unpaged unless `overrides` say otherwise): the groups given, totals counted from them. */
export function fleetAlertsBody(
  grupos: Partial<FleetAlerts['grupos']>,
  overrides: Partial<FleetAlerts> = {},
): FleetAlerts {
  const all = { vencidos: [], vencen_30: [], vencen_60: [], vencen_90: [], ...grupos };
  return {
    fecha: '2026-01-20',
    documento: null,
    grupo: null,
    grupos: all,
    totales: {
      vencidos: all.vencidos.length,
      vencen_30: all.vencen_30.length,
      vencen_60: all.vencen_60.length,
      vencen_90: all.vencen_90.length,
    },
    page: null,
    page_size: null,
    sin_fecha: { soat: 0, rtm: 0, licencia: 0, poliza: 0, impuesto: 0, kit: 0 },
    ...overrides,
  };
}
