import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '@togo/domain/operator/operator-auth.contract';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createDriver, createStaff, type TestDriver, type TestStaff } from './operator.test-support.ts';

/**
 * The 401/403 matrix of every /api/operador/ route that needs a token, for every role, without a token and with
 * a driver's token. The allowed roles are written out here (not read from the permission map) so a change to the
 * map shows up as a failing cell. Bodies are empty or invalid: an allowed call answers 200/400/404/409/428, never
 * 401/403, and changes nothing. Sign-in and invitation acceptance are public by design.
 */
const ALL: readonly StaffRole[] = STAFF_ROLES;
const ADMIN: readonly StaffRole[] = ['admin'];
const OPS: readonly StaffRole[] = ['admin', 'operaciones'];
const CONTENT: readonly StaffRole[] = ['admin', 'contenido'];
const SUPPORT: readonly StaffRole[] = ['admin', 'soporte'];

interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: object;
  allowed: readonly StaffRole[];
}

const BOOKING = '00000000-0000-4000-8000-000000000000';
const ROUTES: RouteCase[] = [
  { method: 'GET', url: '/api/operador/yo/', allowed: ALL },
  { method: 'POST', url: '/api/operador/totp/confirmar/', body: {}, allowed: ALL },
  { method: 'GET', url: '/api/operador/staff/', allowed: ADMIN },
  { method: 'POST', url: '/api/operador/staff/', body: {}, allowed: ADMIN },
  { method: 'PATCH', url: '/api/operador/staff/999999/', body: { activo: true }, allowed: ADMIN },
  { method: 'POST', url: '/api/operador/staff/999999/invitacion/', allowed: ADMIN },
  { method: 'DELETE', url: '/api/operador/staff/999999/invitacion/', allowed: ADMIN },
  { method: 'POST', url: '/api/operador/staff/999999/desbloquear/', allowed: ADMIN },
  { method: 'GET', url: '/api/operador/pico-placa/', allowed: ALL },
  { method: 'GET', url: '/api/operador/pico-placa/05001/', allowed: ALL },
  { method: 'PUT', url: '/api/operador/pico-placa/05001/', body: {}, allowed: CONTENT },
  { method: 'GET', url: '/api/operador/pico-placa/05001/historial/', allowed: ALL },
  { method: 'POST', url: '/api/operador/pico-placa/05001/revertir/', body: {}, allowed: CONTENT },
  { method: 'GET', url: '/api/operador/agenda/?sede=TRA-BOG-01&fecha=2026-11-24', allowed: ALL },
  { method: 'POST', url: `/api/operador/agendamientos/${BOOKING}/estado/`, body: {}, allowed: OPS },
  { method: 'GET', url: '/api/operador/sedes/', allowed: ALL },
  {
    method: 'GET',
    url: '/api/operador/sedes/?ciudad=11001&q=cda&orden=-ciudad&page=2&page_size=5',
    allowed: ALL,
  },
  { method: 'GET', url: '/api/operador/resumen/', allowed: ALL },
  { method: 'GET', url: '/api/operador/divipola/departamentos/', allowed: ALL },
  { method: 'GET', url: '/api/operador/divipola/departamentos/5/municipios/', allowed: ALL },
  { method: 'PATCH', url: '/api/operador/sedes/TRA-BOG-01/', body: {}, allowed: OPS },
  { method: 'POST', url: '/api/operador/sedes/TRA-BOG-01/cierres/', body: {}, allowed: OPS },
  { method: 'GET', url: '/api/operador/auditoria/', allowed: ADMIN },
  { method: 'GET', url: '/api/operador/usuarios/?q=ABC123', allowed: ALL },
  { method: 'GET', url: '/api/operador/usuarios/?q=ABC123&page=1&orden=-creado', allowed: ALL },
  { method: 'GET', url: '/api/operador/usuarios/999999/', allowed: ALL },
  { method: 'GET', url: '/api/operador/usuarios/999999/agendamientos/?page=2', allowed: ALL },
  { method: 'GET', url: '/api/operador/usuarios/999999/avisos/', allowed: ALL },
  { method: 'POST', url: '/api/operador/usuarios/999999/reenviar-codigo/', allowed: SUPPORT },
  { method: 'POST', url: '/api/operador/usuarios/999999/desbloquear/', allowed: SUPPORT },
  { method: 'POST', url: '/api/operador/usuarios/999999/revocar-sesiones/', allowed: SUPPORT },
  { method: 'GET', url: '/api/operador/contenido/catalogos/', allowed: ALL },
  {
    method: 'GET',
    url: '/api/operador/contenido/entradas/?clave_padre=BANNERS_GENERALES_TOGO',
    allowed: ALL,
  },
  { method: 'GET', url: '/api/operador/contenido/entradas/999999/', allowed: ALL },
  { method: 'POST', url: '/api/operador/contenido/entradas/', body: {}, allowed: CONTENT },
  { method: 'PUT', url: '/api/operador/contenido/entradas/999999/', body: {}, allowed: CONTENT },
  { method: 'DELETE', url: '/api/operador/contenido/entradas/999999/', allowed: CONTENT },
  { method: 'GET', url: '/api/operador/contenido/urls/', allowed: ALL },
  { method: 'POST', url: '/api/operador/contenido/urls/', body: {}, allowed: CONTENT },
  { method: 'PUT', url: '/api/operador/contenido/urls/no_existe/', body: {}, allowed: CONTENT },
  { method: 'DELETE', url: '/api/operador/contenido/urls/no_existe/', allowed: CONTENT },
  { method: 'POST', url: '/api/operador/contenido/imagenes/', body: {}, allowed: CONTENT },
  { method: 'GET', url: '/api/operador/exportar/catalogs/', allowed: ADMIN },
  { method: 'POST', url: '/api/operador/totp/', allowed: ALL },
  // Last: it ends the session.
  { method: 'DELETE', url: '/api/operador/sesion/', allowed: ALL },
];

let t: TestContext;
let staff: Record<StaffRole, TestStaff>;
let driver: TestDriver;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-11-23T15:00:00Z') });
  staff = {} as Record<StaffRole, TestStaff>;
  for (const rol of STAFF_ROLES) staff[rol] = await createStaff(t, rol);
  driver = await createDriver(t);
});
afterAll(async () => {
  await t?.close();
});

const call = (route: RouteCase, headers: Record<string, string>) =>
  t.app.inject({
    method: route.method,
    url: route.url,
    headers,
    ...(route.body ? { payload: route.body } : {}),
  });

describe('operator access matrix', () => {
  it('without a token every route answers 401', async () => {
    for (const route of ROUTES) {
      const res = await call(route, {});
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toHaveProperty('detail');
    }
  });

  it('a driver’s token answers 401 on every route', async () => {
    for (const route of ROUTES) {
      expect((await call(route, driver.headers)).statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('a malformed or unknown token answers 401', async () => {
    for (const authorization of ['Token', 'Token x', 'Bearer abc', `Token ${'a'.repeat(300)}`]) {
      expect((await call(ROUTES[0]!, { authorization })).statusCode).toBe(401);
    }
  });

  for (const rol of STAFF_ROLES) {
    it(`${rol}: 403 exactly where the role lacks the permission`, async () => {
      const cells: string[] = [];
      for (const route of ROUTES) {
        const res = await call(route, staff[rol].headers);
        const allowed = route.allowed.includes(rol);
        const ok = allowed ? res.statusCode !== 401 && res.statusCode !== 403 : res.statusCode === 403;
        if (!ok) cells.push(`${route.method} ${route.url} → ${res.statusCode}`);
        if (!allowed) expect(res.json()).toEqual({ detail: 'No tienes permiso para realizar esta acción.' });
      }
      expect(cells).toEqual([]);
    });
  }
});
