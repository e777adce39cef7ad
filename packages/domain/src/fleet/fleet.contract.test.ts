import { describe, expect, it } from 'vitest';
import {
  FLEET_PATHS,
  FLEET_TEMPLATE_COLUMNS,
  fleetDriverAssignSchema,
  fleetErrorsQuerySchema,
  fleetListQuerySchema,
  fleetUploadStatusSchema,
} from './fleet.contract.ts';

function errors(value: unknown) {
  const r = fleetDriverAssignSchema.safeParse(value);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('fleet contract', () => {
  it('keeps the spec paths (SPPF §7) and builds the id paths', () => {
    expect(FLEET_PATHS.list).toBe('/api/togo/vehicle/traer_vehiculos_flota');
    expect(FLEET_PATHS.upload).toBe('/api/togo/vehicle/create_vehicle_flota_archivo');
    expect(FLEET_PATHS.errors).toBe('/api/togo/vehicle/traer_errores_flota');
    expect(FLEET_PATHS.uploadStatus(7)).toBe('/api/togo/vehicle/estado_carga_flota/7/');
    expect(FLEET_PATHS.detail(3)).toBe('/api/togo/vehicle/3/detalle_flota/');
    expect(FLEET_TEMPLATE_COLUMNS.filter((c) => c.required).map((c) => c.key)).toEqual([
      'placa',
      'kilometraje',
      'tipo_documento_propietario',
      'documento_propietario',
      'departamento',
      'ciudad',
    ]);
  });

  it('reads pages: default 1, invalid → null (404 in the service); page_size default 10, capped at 100', () => {
    expect(fleetErrorsQuerySchema.parse({})).toEqual({ page: 1, page_size: 10 });
    expect(fleetErrorsQuerySchema.parse({ page: '3', page_size: '10' })).toEqual({ page: 3, page_size: 10 });
    expect(fleetErrorsQuerySchema.parse({ page: '0', page_size: 'x' })).toEqual({
      page: null,
      page_size: 10,
    });
    expect(fleetErrorsQuerySchema.parse({ page: '-1', page_size: '5000' })).toEqual({
      page: null,
      page_size: 100,
    });
    expect(fleetErrorsQuerySchema.parse({ page: ['1', '2'] }).page).toBeNull();
    expect(fleetListQuerySchema.parse({ placa: ' abc-1 ' })).toEqual({
      page: 1,
      page_size: 50,
      placa: 'ABC1',
    });
  });

  it('validates a driver assignment with Spanish field errors', () => {
    expect(
      fleetDriverAssignSchema.parse({ tipo_documento: '1', documento: ' ab123 ', telefono: '3001234567' }),
    ).toEqual({
      propietario: false,
      nombre: null,
      tipo_documento: 1,
      documento: 'AB123',
      telefono: '3001234567',
      city: null,
    });
    expect(fleetDriverAssignSchema.parse({ propietario: true })).toEqual({ propietario: true });
    expect(errors({})).toEqual({
      tipo_documento: 'Este campo es obligatorio',
      documento: 'Este campo es obligatorio',
    });
    expect(errors({ tipo_documento: 1.5, documento: '12-3', telefono: 'abc', city: 'x' })).toEqual({
      tipo_documento: 'Debe ser un número entero.',
      documento: 'Solo se permiten letras y números (máximo 20).',
      telefono: 'Teléfono no válido.',
      city: 'Debe ser un número entero.',
    });
  });

  it('describes the upload status the progress bar polls', () => {
    const status = {
      id: 1,
      estado: 'procesando',
      nombre_archivo: 'flota.xlsx',
      filas_procesadas: 500,
      filas_totales: 1000,
      vehiculos_agregados: 470,
      vehiculos_actualizados: 6,
      vehiculos_sin_cambios: 4,
      filas_con_errores: 20,
      columnas_ignoradas: ['Observaciones'],
      porcentaje: 50,
      mensaje: null,
      repetido: false,
      created: '2026-11-23T16:00:00.000Z',
      finished: null,
    };
    expect(fleetUploadStatusSchema.parse(status)).toEqual(status);
    expect(fleetUploadStatusSchema.safeParse({ ...status, estado: 'otro' }).success).toBe(false);
  });
});
