import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS } from '@togo/domain/booking/booking.contract';
import { INPUT_MSG, INT_RANGES, maxValueMessage } from '@togo/domain/input-limits';
import { MONDAY_7AM, insertGarageVehicle, rtmBooking } from '../features/booking/booking.test-support.ts';
import { createCompanyUser } from '../features/fleet/fleet.test-support.ts';
import {
  createSignedInUser,
  ensureGarageReferenceRows,
  type TestUser,
  vehiclePayload,
} from '../features/garage/garage.test-support.ts';
import { ManualClock } from '../lib/clock.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { errorsAt, leafPaths, withLeaf } from '../test/input-sweep.ts';

/**
 * Decision 018, field by field: valid requests of the main routes with one field at a time given a NUL character
 * or an integer just past its column's range. Each answers 400 naming that field, and nothing changes.
 */

type Column = keyof typeof INT_RANGES;
type Path = (string | number)[];

interface Fixture {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  url: () => string;
  user?: () => TestUser;
  /** A valid body, or for a GET the query parameters. */
  input: () => Record<string, unknown>;
  /** Integer fields and the column each is stored in or compared with. */
  ints?: [Path, Column][];
}

let t: TestContext;
let client: TestUser;
let company: TestUser;
let fleetVehicleId: number;

const signup = () => ({
  email: 'nueva.cuenta@correo.com',
  cliente_ids: [],
  group: 1,
  password: 'ClaveSegura123',
  password_confirmation: 'ClaveSegura123',
  profile_picture_base64: null,
  center: 1,
  id_user_v2: 1,
  codigo_otp: '1234',
  tercero: {
    identificacion: '1763800000',
    telefono: '3001234567',
    tipo_documento: 'CC',
    ubic_geo_nv1: 1,
    ubic_geo_nv2: 1,
    nombres: 'María José',
    apellidos: 'Núñez Peña',
  },
});

const FIXTURES: Fixture[] = [
  {
    name: 'login',
    method: 'POST',
    url: () => '/api/orquestador/auth/',
    input: () => ({ email: 'ana@correo.com', password: 'ClaveSegura123', usuario_id: 1 }),
    ints: [[['usuario_id'], 'integer']],
  },
  {
    name: 'username check',
    method: 'POST',
    url: () => '/api/identidad/usuarios/validar-username/',
    input: () => ({ username: 'nueva.cuenta@correo.com' }),
  },
  {
    name: 'registration',
    method: 'POST',
    url: () => '/api/identidad/usuarios/signup/',
    input: signup,
    ints: [
      [['group'], 'smallint'],
      [['center'], 'integer'],
      [['id_user_v2'], 'integer'],
      [['tercero', 'ubic_geo_nv1'], 'integer'],
    ],
  },
  {
    name: 'registration code',
    method: 'POST',
    url: () => '/api/identidad/usuarios/solicitar-codigo-otp/',
    input: () => ({
      proceso: 'REGISTRO_USUARIO',
      correo: 'nueva.cuenta@correo.com',
      numero_telefono: '3001234567',
      usuario_id: 1,
    }),
    ints: [[['usuario_id'], 'integer']],
  },
  {
    name: 'reset code',
    method: 'POST',
    url: () => '/api/identidad/usuarios/solicitar-codigo-otp/',
    input: () => ({ proceso: 'RESETEAR_CLAVE', identificador: 'ana@correo.com', usuario_id: 1 }),
    ints: [[['usuario_id'], 'integer']],
  },
  {
    name: 'code verification',
    method: 'POST',
    url: () => '/api/identidad/usuarios/verificar-codigo-otp/',
    input: () => ({
      codigo: '1234',
      identificador: 'ana@correo.com',
      usuario_id: 1,
      proceso: 'RESETEAR_CLAVE',
    }),
    ints: [[['usuario_id'], 'integer']],
  },
  {
    name: 'password reset',
    method: 'POST',
    url: () => '/api/identidad/usuarios/resetear-clave/',
    input: () => ({
      identificador: 'ana@correo.com',
      codigo_otp: '1234',
      clave: 'ClaveNueva123',
      confirmar_clave: 'ClaveNueva123',
      usuario_id: 1,
    }),
    ints: [[['usuario_id'], 'integer']],
  },
  {
    name: 'garage create',
    method: 'POST',
    url: () => '/api/togo/vehicle/',
    user: () => client,
    input: () => vehiclePayload({ placa: 'NUL123' }),
    ints: [
      [['tipo_documento_propietario'], 'smallint'],
      [['department'], 'integer'],
      [['city'], 'integer'],
    ],
  },
  {
    name: 'profile name',
    method: 'PATCH',
    url: () => `/api/users-admin-manager/${client.id}/`,
    user: () => client,
    input: () => ({
      first_name: 'Ana',
      last_name: 'Pérez',
      intermediaryy: { first_name: 'Ana', last_name: 'Pérez', bussines_name: 'Ana SAS' },
    }),
  },
  {
    name: 'profile type',
    method: 'PATCH',
    url: () => `/api/users-admin-manager/${client.id}/`,
    user: () => client,
    input: () => ({ groups: [1], is_first_login_togo: false }),
    ints: [[['groups', 0], 'smallint']],
  },
  {
    name: 'fleet driver',
    method: 'PUT',
    url: () => `/api/togo/vehicle/${fleetVehicleId}/conductor_flota/`,
    user: () => company,
    input: () => ({
      nombre: 'Luis Gómez',
      tipo_documento: 1,
      documento: '1098765432',
      telefono: '3001234567',
      city: 11001,
    }),
    ints: [
      [['tipo_documento'], 'smallint'],
      [['city'], 'integer'],
    ],
  },
  {
    name: 'fleet list',
    method: 'GET',
    url: () => '/api/togo/vehicle/traer_vehiculos_flota',
    user: () => company,
    input: () => ({ page: '1', page_size: '10', placa: 'ABC' }),
  },
  {
    name: 'alert dates',
    method: 'POST',
    url: () => '/api/togo/alerta/',
    user: () => client,
    input: () => ({ code: 'ALERTA_SOAT', id_garaje: 1, fecha_vencimiento: '2027-01-31' }),
    ints: [[['id_garaje'], 'integer']],
  },
  {
    name: 'booking',
    method: 'POST',
    url: () => BOOKING_PATHS.rtmBook,
    user: () => client,
    input: () => rtmBooking(),
  },
  {
    name: 'dev outbox',
    method: 'GET',
    url: () => '/api/dev/outbox',
    input: () => ({ to: 'ana@correo.com' }),
  },
  {
    name: 'alert query',
    method: 'GET',
    url: () => '/api/togo/alerta/get_alerta/',
    user: () => client,
    input: () => ({ id_garaje: '1', code: 'ALERTA_SOAT' }),
    ints: [[['id_garaje'], 'integer']],
  },
  {
    name: 'notifications',
    method: 'GET',
    url: () => '/api/togo/notificacion/list_notificaciones_by_garaje/',
    user: () => client,
    input: () => ({ id_garaje: '1', page: '1', page_size: '10' }),
    ints: [[['id_garaje'], 'integer']],
  },
  {
    name: 'pico y placa',
    method: 'GET',
    url: () => '/api/togo/pico-placa/',
    user: () => client,
    input: () => ({ id_garaje: '1', fecha: '2026-11-24' }),
    ints: [[['id_garaje'], 'integer']],
  },
  {
    name: 'cities',
    method: 'GET',
    url: () => '/api/automas-param-cities/',
    user: () => client,
    input: () => ({ departament: '11' }),
    ints: [[['departament'], 'integer']],
  },
  {
    name: 'catalogue',
    method: 'GET',
    url: () => '/api/conf/catalogos/paginado/',
    user: () => client,
    input: () => ({ clave_padre: 'MARCAS', page: '1', page_size: '10' }),
  },
  {
    name: 'departments',
    method: 'GET',
    url: () => '/api/automas-param-departaments/',
    user: () => client,
    input: () => ({ country_id: '1' }),
    ints: [[['country_id'], 'smallint']],
  },
];

async function send(f: Fixture, input: Record<string, unknown>) {
  const query = f.method === 'GET' ? `?${new URLSearchParams(input as Record<string, string>)}` : '';
  const res = await t.app.inject({
    method: f.method,
    url: f.url() + query,
    headers: f.user?.().headers ?? {},
    ...(f.method === 'GET' ? {} : { payload: input }),
  });
  return { status: res.statusCode, body: res.json() as unknown };
}

/** Row counts of the tables the fixtures write to: the same before and after every refused request. */
async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of [
    'users',
    'vehicles',
    'otp_codes',
    'outbox_messages',
    'alert_dates',
    'bookings',
    'fleet_drivers',
  ]) {
    const rows = await t.database.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    out[table] = rows[0]?.n ?? -1;
  }
  const users = await t.database.query<{ nombres: string }>(`select nombres from users where id = $1`, [
    client.id,
  ]);
  out[`nombres:${users[0]?.nombres}`] = 1;
  return out;
}

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock(new Date(MONDAY_7AM)) });
  await ensureGarageReferenceRows(t.database.db);
  client = await createSignedInUser(t);
  company = await createCompanyUser(t);
  await insertGarageVehicle(t.database, client.id, 'ABC123');
  fleetVehicleId = await insertGarageVehicle(t.database, company.id, 'FLT123');
});

afterAll(async () => {
  await t?.close();
});

describe('a NUL character in any field of the main routes', () => {
  it('answers 400 naming the field, and changes nothing', async () => {
    const before = await counts();
    const failures: string[] = [];
    for (const f of FIXTURES) {
      for (const path of leafPaths(f.input())) {
        const res = await send(f, withLeaf(f.input(), path, 'ana\u0000@correo.com'));
        const named = errorsAt(res.body, path);
        if (res.status !== 400 || !Array.isArray(named) || !named.includes(INPUT_MSG.invalidCharacters)) {
          failures.push(`${f.name} ${path.join('.')} → ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('login and reset fields: the contract cases', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/orquestador/auth/',
      payload: { email: 'ana\u0000@correo.com', password: 'x\u0000' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({
      email: [INPUT_MSG.invalidCharacters],
      password: [INPUT_MSG.invalidCharacters],
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/identidad/usuarios/solicitar-codigo-otp/',
      payload: { proceso: 'RESETEAR_CLAVE', identificador: '\u0000' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual({ identificador: [INPUT_MSG.invalidCharacters] });
  });
});

describe('an integer past its column', () => {
  it('answers 400 naming the field, for every integer of the main routes, and changes nothing', async () => {
    const before = await counts();
    const failures: string[] = [];
    for (const f of FIXTURES) {
      for (const [path, column] of f.ints ?? []) {
        for (const value of [INT_RANGES[column].max + 1, 99_999_999_999, 1e20]) {
          const leaf = f.method === 'GET' ? String(value) : value;
          const res = await send(f, withLeaf(f.input(), path, leaf));
          const named = errorsAt(res.body, path);
          if (res.status !== 400 || !Array.isArray(named)) {
            failures.push(`${f.name} ${path.join('.')}=${value} → ${res.status} ${JSON.stringify(res.body)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('tipo_documento_propietario 999999 is a 400 with the smallint bound (the contract case)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/togo/vehicle/',
      headers: client.headers,
      payload: vehiclePayload({ placa: 'BIG999', tipo_documento_propietario: 999999 }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ tipo_documento_propietario: [maxValueMessage(32_767)] });
  });

  it('an id in the path past int4 is a 404, never a query', async () => {
    for (const url of [
      '/api/togo/vehicle/99999999999/detalle_flota/',
      '/api/togo/vehicle/2147483648/valor_vehicle/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: company.headers });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('the valid fixtures themselves are accepted (the probes above test the field, not a broken payload)', async () => {
    const garageCreate = FIXTURES.find((f) => f.name === 'garage create') as Fixture;
    const res = await send(garageCreate, garageCreate.input());
    expect(res.status).toBe(201);
    const driver = FIXTURES.find((f) => f.name === 'fleet driver') as Fixture;
    expect((await send(driver, driver.input())).status).toBeLessThan(300);
  });
});
