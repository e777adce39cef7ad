import { randomBytes } from 'node:crypto';
import { generateSecret, generateSync } from 'otplib';
import { afterAll, beforeAll, expect } from 'vitest';
import { BOOKING_PATHS } from '@togo/domain/booking/booking.contract';
import { STAFF_ROLES, type StaffRole } from '@togo/domain/operator/operator-auth.contract';
import { authTokens, staff, users } from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';
import { newToken, sealText, sha256Hex } from '../../lib/crypto.ts';
import { createTestApp, TEST_SECRET, type TestContext } from '../../test/test-app.ts';
import { hashPassword } from '../../lib/password.ts';
import { TOTP_SEAL } from './staff-auth.service.ts';

export const STAFF_PASSWORD = 'clave-operador-123';

export interface TestStaff {
  id: number;
  email: string;
  rol: StaffRole;
  token: string;
  headers: { authorization: string };
}

/** One argon2 hash for every test account (hashing is the slow part). */
let passwordHash: Promise<string> | null = null;

/**
 * A staff account (password STAFF_PASSWORD) signed in through POST /api/operador/sesion/; with `totp`, enrolled
 * and signed in with a valid code.
 */
export async function createStaff(
  t: TestContext,
  rol: StaffRole,
  opts: { email?: string; totp?: boolean } = {},
): Promise<TestStaff> {
  const correo = opts.email ?? `${rol}.${randomBytes(4).toString('hex')}@togo.co`;
  passwordHash ??= hashPassword(STAFF_PASSWORD);
  const secret = opts.totp ? generateSecret() : null;
  const [row] = await t.database.db
    .insert(staff)
    .values({
      email: correo,
      nombre: `Staff ${rol}`,
      rol,
      passwordHash: await passwordHash,
      totpSecret: secret ? sealText(TEST_SECRET, TOTP_SEAL, secret) : null,
      totpEnabled: secret !== null,
    })
    .returning({ id: staff.id });
  if (!row) throw new Error('staff not created');
  const epoch = Math.floor(t.clock.now().getTime() / 1000);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/operador/sesion/',
    payload: {
      correo,
      clave: STAFF_PASSWORD,
      ...(secret ? { codigo_totp: generateSync({ secret, epoch }) } : {}),
    },
  });
  expect(res.statusCode).toBe(200);
  const token = (res.json() as { token: string }).token;
  return { id: row.id, email: correo, rol, token, headers: { authorization: `Token ${token}` } };
}

export interface TestDriver {
  id: number;
  email: string;
  token: string;
  headers: { authorization: string };
}

/** A driver (users row) with a live session token. */
export async function createDriver(t: TestContext, telefono = '3001234567'): Promise<TestDriver> {
  const email = `conductor.${randomBytes(5).toString('hex')}@correo.com`;
  const [user] = await t.database.db
    .insert(users)
    .values({ email, nombres: 'Ana', apellidos: 'Pérez', telefono, groupId: 1, isFirstLoginTogo: false })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  const token = newToken();
  const now = t.clock.now();
  await t.database.db.insert(authTokens).values({
    userId: user.id,
    tokenHash: sha256Hex(token),
    created: now,
    expiresAt: new Date(now.getTime() + 30 * 86_400_000),
  });
  return { id: user.id, email, token, headers: { authorization: `Token ${token}` } };
}

/** The current version of a row (decision 096), as a screen that just read it would send it; 0 when absent. */
export async function rowVersion(
  t: TestContext,
  table: 'booking_branches' | 'rtm_prices' | 'peritaje_combos' | 'tramites' | 'bookings' | 'staff',
  key: string | number,
): Promise<number> {
  const column = table === 'rtm_prices' ? 'clase' : 'id';
  const [row] = await t.database.query<{ version: number }>(
    `select version from ${table} where ${column}::text = $1`,
    [String(key)],
  );
  return row?.version ?? 0;
}

export async function auditCount(t: TestContext): Promise<number> {
  const [row] = await t.database.query<{ n: number }>('select count(*)::int as n from audit_log');
  return row?.n ?? 0;
}

/** A 'trámites' booking request (TRA-BOG-01, Bogotá, pay on site) for the /wh/ booking call. */
export function tramitesBooking(overrides: Record<string, unknown> = {}) {
  return {
    sessionInfo: {
      parameters: {
        placa: 'XYZ987',
        ciudad: '11001',
        sede: 'TRA-BOG-01',
        tramite: ['TRASPASO'],
        celular: '573001234567',
        tipo_identificacion: 'CC',
        numero_identificacion: '1020304050',
        nombre: 'Ana Pérez',
        correo: 'ana@correo.com',
        fecha_agenda: '2026-11-24',
        franja: '10:00 AM',
        promocion: 'NO',
        metodo_pago: 'pagar_en_sitio',
        ...overrides,
      },
    },
  };
}

/** Monday 23 Nov 2026, 07:00 in Bogotá: the clock of the operations tests (agenda, branches, closures). */
export const OPS_NOW = '2026-11-23T12:00:00Z';
/** The next day, the one the tests book and close. */
export const OPS_TUESDAY = '2026-11-24';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What an operations test file works with, filled by its beforeAll. */
export interface OperatorTestBed {
  t: TestContext;
  /** One signed-in staff member per role. */
  staff: Record<StaffRole, TestStaff>;
  /** A driver who books and looks branches up. */
  driver: TestDriver;
  /** A call as `who` (no token without one), with `If-Match: "<ifMatch>"` when given (decision 096). */
  send(
    method: HttpMethod,
    url: string,
    who?: TestStaff,
    payload?: unknown,
    ifMatch?: number,
  ): ReturnType<TestContext['app']['inject']>;
  /** The drivers' trámites branches of Bogotá, as the driver sees them. */
  bogotaBranches(): Promise<BogotaBranch[]>;
}

export interface BogotaBranch {
  id: string;
  lat: number;
  lng: number;
  capacidad: number;
  maps: string;
  horario: unknown;
}

/**
 * The set-up of the operations test files: an app on a manual clock at `now`, one signed-in staff member per role
 * and a driver (beforeAll), closed afterAll. Call it at the top of the file; read the fields inside the tests.
 */
export function operatorTestBed(now = OPS_NOW): OperatorTestBed {
  const bed = {
    send: (method: HttpMethod, url: string, who?: TestStaff, payload?: unknown, ifMatch?: number) =>
      bed.t.app.inject({
        method,
        url,
        headers: {
          ...(who ? who.headers : {}),
          ...(ifMatch === undefined ? {} : { 'if-match': `"${ifMatch}"` }),
        },
        ...(payload !== undefined ? { payload: payload as object } : {}),
      }),
    async bogotaBranches() {
      const res = await bed.t.app.inject({
        method: 'POST',
        url: BOOKING_PATHS.branchesByCity,
        headers: bed.driver.headers,
        payload: { ciudad: '11001', from_flow: 'tramites' },
      });
      expect(res.statusCode).toBe(200);
      return res.json() as BogotaBranch[];
    },
  } as OperatorTestBed;
  beforeAll(async () => {
    bed.t = await createTestApp({ clock: new ManualClock(now) });
    bed.staff = {} as Record<StaffRole, TestStaff>;
    for (const rol of STAFF_ROLES) bed.staff[rol] = await createStaff(bed.t, rol);
    bed.driver = await createDriver(bed.t);
  });
  afterAll(async () => {
    await bed.t?.close();
  });
  return bed;
}
