import type { RouteObject } from 'react-router';
import { json } from '../../test/fetch-mock.ts';
import type { MockRequest } from '../../test/fetch-mock.ts';
import { stub } from '../../test/render.tsx';

/** A selected vehicle as home/garage store it in localStorage 'vehicleSelected'. */
export const VEHICLE = {
  id: 7,
  placa: 'JKM482',
  url_licencia: null,
  url_imagen_vehiculo: null,
  demo: true,
  city_data: { id: 11001, name: 'Bogotá, D.C.' },
  vehicle_data: {
    vehicle_plate: 'JKM482',
    vehicle_brand: 'MAZDA',
    year_model: 2019,
    vehicle_line: 'CX-30',
    cylinder_capacity: 1998,
  },
};

export function selectVehicle(overrides: Record<string, unknown> = {}) {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('vehicleSelected', JSON.stringify({ ...VEHICLE, ...overrides }));
}

/** A get_alerta handler answering by code (the mock ignores the query string in its keys). */
export function alertAnswers(byCode: Record<string, unknown>) {
  return (request: MockRequest) => {
    const code = new URL(request.url, 'http://localhost').searchParams.get('code') ?? '';
    return code in byCode ? json(200, byCode[code]) : json(404, { detail: 'No encontrado.' });
  };
}

/**
 * A create (201) or update (200) handler answering as the API does: the saved dates of the request
 * ({code, id_garaje, data: {fecha_expedicion, fecha_vencimiento}}).
 */
export function savedAnswer(status: 200 | 201) {
  return (request: MockRequest) => {
    const body = request.body as { code: string; id_garaje: number; data: Record<string, unknown> };
    const { fecha_expedicion = null, fecha_vencimiento = null } = body.data;
    return json(status, {
      code: body.code,
      id_garaje: body.id_garaje,
      data: { fecha_expedicion, fecha_vencimiento },
    });
  };
}

export const GET_ALERT = 'GET /api/togo/alerta/get_alerta/';
export const CREATE_ALERT = 'POST /api/togo/alerta/';
export const UPDATE_ALERT = 'PUT /api/togo/alerta/update_alerta/';

/** Stubs of the places the alert screens navigate to. */
export const ELSEWHERE: RouteObject[] = [
  stub('/app/alerts'),
  stub('/app/home'),
  stub('/app/otros'),
  stub('/app/servicios/rtm'),
];

/** A get_alerta INFRACCION_TRANSITO answer with these fines of the vehicle. */
export const finesAnswer = (vehiculo: unknown[], empty = false) => ({
  empty,
  data: {
    cant_comparendos_vehiculo: vehiculo.length,
    comparendos_vehiculo: vehiculo,
    comparendos_persona: [],
  },
});

export function fine(overrides: Record<string, unknown> = {}) {
  return {
    numero: '11001000000012345678',
    tipo: 'Comparendo - C14 Transitar por sitios restringidos (pico y placa).',
    estado: 'vigente',
    total: 633200,
    fecha_infraccion: '2025-10-04',
    placa: 'JKM482',
    infractor: '1020304050',
    descripcion: 'Transitar por sitios restringidos o en horas prohibidas (pico y placa).',
    categoria: 'C14',
    organismo_transito: null,
    fecha_resolucion: null,
    descuento: null,
    curso: null,
    ...overrides,
  };
}
