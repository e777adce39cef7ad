import { afterAll, beforeAll } from 'vitest';
import { AccountsRepository } from '../accounts/accounts.repository.ts';
import { TokenService } from '../../http/session-tokens.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * Test-only helpers: users through AccountsRepository, and vehicles, provider snapshots and registry
 * dates inserted directly (the garage feature owns those tables; these tests only need rows).
 */

let seq = 0;

export interface TestUser {
  id: number;
  email: string;
  token: string;
  headers: { authorization: string };
}

export async function createUser(t: TestContext, nombres = 'Ana María'): Promise<TestUser> {
  seq += 1;
  const repo = new AccountsRepository(t.database.db);
  const email = `alertas${seq}.${process.pid}@correo.com`;
  const user = await repo.insertUser({
    email,
    nombres,
    apellidos: 'Pérez',
    telefono: `310${String(1_000_000 + seq).slice(-7)}`,
    groupId: 1,
    isFirstLoginTogo: false,
  });
  const token = await new TokenService(repo, t.clock).issue(user.id);
  return { id: user.id, email, token, headers: { authorization: `Token ${token}` } };
}

/** Reference rows the vehicles' foreign keys need (the reference seed may already hold them). */
export async function ensureReferenceRows(t: TestContext): Promise<void> {
  await t.database.query(
    `insert into departments (id, code, name) values (11, '11', 'Bogotá D.C.') on conflict do nothing`,
  );
  await t.database.query(
    `insert into cities (id, code, name, department_id, slug) values (11001, '11001', 'Bogotá D.C.', 11, 'bogota')
     on conflict do nothing`,
  );
  await t.database.query(
    `insert into document_types (id, code, name) values (1, 'CC', 'Cédula de ciudadanía') on conflict do nothing`,
  );
}

export async function createVehicle(t: TestContext, userId: number, placa: string): Promise<number> {
  await ensureReferenceRows(t);
  const [row] = await t.database.query<{ id: number }>(
    `insert into vehicles (user_id, placa, documento_propietario, tipo_documento_propietario, department_id, city_id)
     values ($1, $2, '1020304050', 1, 11, 11001) returning id`,
    [userId, placa],
  );
  if (!row) throw new Error('vehicle not inserted');
  return row.id;
}

export async function deleteVehicle(t: TestContext, vehicleId: number): Promise<void> {
  await t.database.query(`update vehicles set deleted_at = now() where id = $1`, [vehicleId]);
}

export async function setSnapshot(
  t: TestContext,
  vehicleId: number,
  kind: 'registry' | 'fines',
  status: 'pending' | 'ok' | 'failed',
  data: unknown,
  provider = 'demo',
): Promise<void> {
  await t.database.query(
    `insert into provider_snapshots (vehicle_id, kind, provider, status, data) values ($1, $2, $3, $4, $5::jsonb)
     on conflict (vehicle_id, kind) do update set provider = excluded.provider, status = excluded.status,
       data = excluded.data, updated = now()`,
    [vehicleId, kind, provider, status, data === null ? null : JSON.stringify(data)],
  );
}

export async function setAlertDates(
  t: TestContext,
  vehicleId: number,
  code: string,
  source: 'registry' | 'user',
  fechaExpedicion: string | null,
  fechaVencimiento: string | null,
): Promise<void> {
  await t.database.query(
    `insert into alert_dates (vehicle_id, code, source, fecha_expedicion, fecha_vencimiento) values ($1, $2, $3, $4, $5)
     on conflict (vehicle_id, code, source) do update
       set fecha_expedicion = excluded.fecha_expedicion, fecha_vencimiento = excluded.fecha_vencimiento`,
    [vehicleId, code, source, fechaExpedicion, fechaVencimiento],
  );
}

export function fine(numero: string, estado: string, total = 633200, tipo = 'Comparendo - C14 Pico y placa') {
  return {
    numero,
    tipo,
    estado,
    total,
    fecha_infraccion: '2026-10-02',
    placa: 'ABC123',
    infractor: 'ANA MARIA PEREZ',
    descripcion: 'Transitar en horario restringido (pico y placa).',
    categoria: 'C14',
  };
}

/**
 * One alerts test file's world: a test app on 2026-11-22 07:00 Bogotá, an owner and a stranger, numbered
 * vehicles, and the get_alerta / save requests (alerts.int and alerts-save.int).
 */
export function alertsWorld() {
  const world = {} as { t: TestContext; owner: TestUser; stranger: TestUser };
  let plateSeq = 100;
  beforeAll(async () => {
    world.t = await createTestApp({ env: { WEB_URL: 'https://togo.example' } });
    world.t.clock.set('2026-11-22T12:00:00Z');
    world.owner = await createUser(world.t);
    world.stranger = await createUser(world.t, 'Otro');
  });
  afterAll(async () => {
    await world.t.close();
  });
  async function vehicle(user = world.owner) {
    plateSeq += 1;
    return createVehicle(world.t, user.id, `ABC${plateSeq}`);
  }
  const getAlert = (id: number, code: string, user = world.owner) =>
    world.t.app.inject({
      method: 'GET',
      url: `/api/togo/alerta/get_alerta/?id_garaje=${id}&code=${code}`,
      headers: user.headers,
    });
  const save = (method: 'POST' | 'PUT', payload: unknown, user = world.owner) =>
    world.t.app.inject({
      method,
      url: method === 'POST' ? '/api/togo/alerta/' : '/api/togo/alerta/update_alerta/',
      headers: user.headers,
      payload: payload as object,
    });
  /** The number in the last vehicle's plate (ABC<n>). */
  const lastPlateNumber = () => plateSeq;
  return { world, vehicle, getAlert, save, lastPlateNumber };
}
