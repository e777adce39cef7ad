import type { RegistryVehicle } from '@togo/domain/garage/registry.contract';
import type { Database } from '../../db/client.ts';

/** Monday 23 Nov 2026, 07:00 in Bogotá. */
export const MONDAY_7AM = '2026-11-23T12:00:00Z';
export const TUESDAY = '2026-11-24';

/** A registry answer as the providers store it (registryVehicleSchema): no SOAT, RTM or licence on record. */
function registrySnapshot(placa: string, clase: string): RegistryVehicle {
  return {
    placa,
    vehiculo: {
      marca: 'CHEVROLET',
      linea: 'SPARK',
      modelo: 2015,
      clase,
      servicio: 'PARTICULAR',
      combustible: 'GASOLINA',
      color: 'GRIS',
      cilindraje: 1000,
      carroceria: null,
      fecha_matricula: '2015-03-10',
    },
    soat: null,
    rtm: null,
    licencia: null,
  };
}

/** A live garage vehicle of the user, with the registry look-up answered (a whole answer, of the given class). */
export async function insertGarageVehicle(
  database: Database,
  userId: number,
  placa: string,
  clase = 'AUTOMOVIL',
): Promise<number> {
  const [row] = await database.query<{ id: number }>(
    `insert into vehicles (user_id, placa, documento_propietario, tipo_documento_propietario, department_id, city_id)
     values ($1, $2, '1020304050', 1, 11, 11001) returning id`,
    [userId, placa],
  );
  if (!row) throw new Error('vehicle not inserted');
  await database.query(
    `insert into provider_snapshots (vehicle_id, kind, provider, status, data) values ($1, 'registry', 'demo', 'ok', $2::jsonb)`,
    [row.id, JSON.stringify(registrySnapshot(placa, clase))],
  );
  return row.id;
}

export const wrap = (parameters: Record<string, unknown>) => ({ sessionInfo: { parameters } });

export function rtmBooking(overrides: Record<string, unknown> = {}) {
  return wrap({
    sede: 'RTM-BOG-01',
    placa: 'ABC123',
    fecha_agenda: `${TUESDAY}T00:00:00`,
    franja: '9:00 AM',
    promocion: 'NO',
    metodo_pago: 'pagar_en_sitio',
    ...overrides,
  });
}

export function tramitesBooking(overrides: Record<string, unknown> = {}) {
  return wrap({
    placa: 'XYZ987',
    ciudad: '11001',
    sede: 'TRA-BOG-01',
    tramite: ['TRASPASO', 'DUPLICADO_PLACAS'],
    celular: '573001234567',
    tipo_identificacion: 'CC',
    numero_identificacion: '1020304050',
    nombre: 'Ana Pérez',
    correo: 'ana@correo.com',
    fecha_agenda: TUESDAY,
    franja: '10:00 AM',
    promocion: 'NO',
    metodo_pago: 'pagar_en_sitio',
    ...overrides,
  });
}

export function peritajeBooking(overrides: Record<string, unknown> = {}) {
  return wrap({
    sede: 'PER-BOG-DOM',
    placa: 'JKL456',
    combo: 'DOM-GASOLINA-ORO',
    tipo_atencion: 'a_domicilio',
    direccion: 'A domicilio',
    telefono: '601 745 2310',
    maps: 'https://www.google.com/maps',
    recibir_resultado: 'true',
    correo_resultado: 'ana@correo.com',
    nombre_resultado: 'Ana Pérez',
    direccion_servicio: 'Calle 93 # 11-20, Bogotá',
    fecha_agenda: TUESDAY,
    franja: '8:00 AM',
    metodo_pago: 'pagar_ahora',
    ...overrides,
  });
}
