import { json, mockFetch } from '../../test/fetch-mock.ts';
import type { MockHandler, MockRequest } from '../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../test/render.tsx';
import { HomeRoute } from './routes/Home.tsx';

/** Fixtures and set-up of the home's tests (Home.test.tsx, Home.offline.test.tsx). */

export const vehicle = (id: number, placa: string, extra: Record<string, unknown> = {}) => ({
  id,
  placa,
  kilometraje_digitado: 1000,
  score: null,
  created: '2026-01-01T00:00:00Z',
  url_imagen_vehiculo: null,
  url_licencia: null,
  documento_propietario: '123',
  tipo_documento_propietario: 1,
  tipo_documento_propietario_data: { name: 'Cédula de ciudadanía' },
  city: 11001,
  city_data: { id: 11001, name: 'Bogotá' },
  department: 11,
  vehicle_data: null,
  is_selected: false,
  demo: false,
  lookup_status: 'ok',
  ...extra,
});

export const banner = (clave: string, valor: string, route: string) => ({
  clave,
  valor,
  valor_json: { activo: true, alias_url_app: route, descripcion: `Descripción ${valor}` },
  detalle_archivos: [{ archivo: `/static/banners/${clave}.svg` }],
});

export const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

/** A pico y placa answer as the API sends it (pico-placa.contract.ts), for today unless `fecha` says otherwise. */
export const picoPlacaAnswer = (overrides: Record<string, unknown> = {}) => ({
  status: 'not_restricted',
  mensaje: 'Hoy puedes circular',
  ventanas: [],
  ciudad: { id: 11001, name: 'Bogotá' },
  slug: 'bogota',
  url: 'https://www.pyphoy.com/bogota',
  iframe_height: 600,
  regla: null,
  ...overrides,
});

export const CATALOG = 'GET /api/conf/catalogos/paginado/';
export const GARAGES = 'GET /api/togo/vehicle/user_garages/';
export const SELECTED = 'GET /api/togo/vehicle/get_garaje_selected/';
export const NOTES = 'GET /api/togo/notificacion/list_notificaciones_by_garaje/';
export const PYP = 'GET /api/togo/pico-placa/';

export const param = (request: MockRequest, name: string) =>
  new URL(request.url, 'http://x').searchParams.get(name);

export function catalogs(byKey: Record<string, unknown[]> = {}): MockHandler {
  return (request) => json(200, page(byKey[param(request, 'clave_padre') ?? ''] ?? []));
}

export function setup(routes: Record<string, MockHandler | Response[]>) {
  localStorage.setItem('token', 'tok');
  localStorage.setItem(
    'userInfo',
    JSON.stringify({ id: 9, nombres: 'Ana maría', apellidos: 'Ruiz peña', profile_picture: null }),
  );
  const api = mockFetch({ [CATALOG]: catalogs(), ...routes });
  const view = renderRoutes(
    [
      { path: '/app/home', Component: HomeRoute },
      stub('/app/alerts/pico-placa'),
      stub('/app/alerts/soat'),
      stub('/app/alerts/comparendos'),
      stub('/app/alerts/rtm'),
      stub('/app/servicios/rtm'),
      stub('/app/otros'),
    ],
    { initialEntries: ['/app/home'] },
  );
  return { ...view, api };
}

export const calls = (api: ReturnType<typeof mockFetch>, key: string) => api.bodies(key).length;
