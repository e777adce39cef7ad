import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS } from '@togo/domain/booking/booking.contract';
import { auditPageSchema, dashboardSummarySchema } from '@togo/domain/operator/operator-dashboard.contract';
import { auditEntrySchema } from '@togo/domain/operator/operator-console.contract';
import { recordingFailures } from '../../jobs/failure-recorder.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { insertAudit } from './audit.repository.ts';
import {
  createDriver,
  createStaff,
  tramitesBooking,
  type TestDriver,
  type TestStaff,
} from './operator.test-support.ts';

/** Tuesday 24 Nov 2026, 07:00 in Bogotá. */
const NOW = '2026-11-24T12:00:00Z';
const TODAY = '2026-11-24';

let t: TestContext;
let clock: ManualClock;
let admin: TestStaff;
let soporte: TestStaff;
let ana: TestDriver;

beforeAll(async () => {
  clock = new ManualClock(NOW);
  t = await createTestApp({ clock });
  admin = await createStaff(t, 'admin');
  soporte = await createStaff(t, 'soporte');
  ana = await createDriver(t, '3101112234');
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers?: { authorization: string }) =>
  t.app.inject({ method: 'GET', url, ...(headers ? { headers } : {}) });

describe('GET /api/operador/resumen/', () => {
  it('needs a staff token: none or a driver’s is a 401; every role may read it', async () => {
    expect((await get('/api/operador/resumen/')).statusCode).toBe(401);
    expect((await get('/api/operador/resumen/', ana.headers)).statusCode).toBe(401);
    expect((await get('/api/operador/resumen/', soporte.headers)).statusCode).toBe(200);
  });

  it('counts today’s bookings per branch and today’s paid revenue; lists expired pico y placa', async () => {
    const booked = await t.app.inject({
      method: 'POST',
      url: BOOKING_PATHS.tramitesBook,
      headers: ana.headers,
      payload: tramitesBooking({ fecha_agenda: TODAY, franja: '10:00 AM' }),
    });
    expect(booked.statusCode).toBe(200);
    // The payment approved today (as the gateway's webhook would leave it): 85.000 COP.
    await t.database.query(
      `update payments set status = 'APPROVED', amount_in_cents = 8500000, updated = $1`,
      [NOW],
    );
    const res = await get('/api/operador/resumen/', soporte.headers);
    expect(res.statusCode).toBe(200);
    const summary = dashboardSummarySchema.parse(res.json());
    expect(summary.reservas_hoy.find((r) => r.sede_id === 'TRA-BOG-01')?.reservas).toBe(1);
    expect(summary.reservas_hoy[0]?.sede_id).toBe('TRA-BOG-01');
    expect(summary.ingresos_hoy).toBe(85_000);
    expect(summary.pico_placa.every((c) => c.estado !== 'vigente')).toBe(true);
    expect(summary.pico_placa.find((c) => c.ciudad === '05001')?.estado).toBe('vencida');
  });

  it('lists background jobs that failed for good, not a run that succeeded on retry', async () => {
    const jobs = recordingFailures(t.jobs, t.database.db, clock);
    let calls = 0;
    await jobs.work('prueba-recupera', async () => {
      calls += 1;
      if (calls === 1) throw new Error('fallo pasajero');
    });
    await jobs.work('prueba-fallida', async () => {
      throw new Error('sin conexión con el RUNT');
    });
    await jobs.send('prueba-recupera', {}, { retryLimit: 2 });
    await jobs.send('prueba-fallida', {}, { retryLimit: 1 });
    await t.jobs.drain().catch(() => undefined);
    const summary = dashboardSummarySchema.parse((await get('/api/operador/resumen/', admin.headers)).json());
    const names = summary.trabajos_fallidos.map((f) => f.nombre);
    expect(names).toContain('prueba-fallida');
    expect(names).not.toContain('prueba-recupera');
    expect(summary.trabajos_fallidos.find((f) => f.nombre === 'prueba-fallida')).toMatchObject({
      error: 'sin conexión con el RUNT',
      fecha: new Date(NOW).toISOString(),
    });
  });
});

describe('GET /api/operador/auditoria/ paged', () => {
  beforeAll(async () => {
    const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000);
    const rows = [
      { email: 'ana@togo.co', accion: 'sedes.editar', min: 1 },
      { email: 'ana@togo.co', accion: 'pico_placa.reemplazar', min: 2 },
      { email: 'luis@togo.co', accion: 'sedes.cerrar', min: 3 },
      { email: 'luis@togo.co', accion: 'staff.invitar', min: 4 },
      { email: 'ana@togo.co', accion: 'staff.invitar', min: 5 },
    ];
    for (const r of rows) {
      await insertAudit(
        t.database.db,
        {
          actor: { staffId: admin.id, email: r.email },
          accion: r.accion,
          objeto: 'x',
          antes: null,
          despues: { n: r.min },
        },
        at(r.min),
      );
    }
  });

  const url = (q: string) => `/api/operador/auditoria/?desde=${TODAY}&hasta=${TODAY}&${q}`;

  it('without paging parameters answers the array, oldest first (decision 022 contract)', async () => {
    const res = await get(`/api/operador/auditoria/?desde=${TODAY}&hasta=${TODAY}`, admin.headers);
    const rows = auditEntrySchema.array().parse(res.json());
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const dates = rows.map((r) => r.fecha);
    expect([...dates].sort()).toEqual(dates);
  });

  it('pages newest first with the total; filters by staff and action; orden=asc', async () => {
    const first = auditPageSchema.parse(
      (await get(url('page=1&page_size=2&staff=luis'), admin.headers)).json(),
    );
    expect(first).toMatchObject({ total: 2, page: 1, page_size: 2 });
    expect(first.data.map((r) => r.accion)).toEqual(['staff.invitar', 'sedes.cerrar']);

    // Sign-ins are audited too (staff.sesion_*): the filter names the invitations' action, in capitals.
    const byAction = auditPageSchema.parse(
      (await get(url('page=2&page_size=1&accion=STAFF.INVITAR&orden=asc'), admin.headers)).json(),
    );
    expect(byAction.total).toBe(2);
    expect(byAction.data).toHaveLength(1);
    expect(byAction.data[0]).toMatchObject({ staff: 'ana@togo.co', accion: 'staff.invitar' });

    const beyond = auditPageSchema.parse((await get(url('page=99&page_size=10'), admin.headers)).json());
    expect(beyond.data).toEqual([]);
    expect(beyond.total).toBeGreaterThanOrEqual(5);

    // Pattern characters are literal: '%' matches nothing here.
    const literal = auditPageSchema.parse((await get(url('page=1&staff=%25'), admin.headers)).json());
    expect(literal.total).toBe(0);
  });

  it('bad paging parameters are a 400 naming the field', async () => {
    for (const [q, field] of [
      ['page_size=101', 'page_size'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['orden=arriba', 'orden'],
    ] as const) {
      const res = await get(url(q), admin.headers);
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toHaveProperty(field);
    }
  });

  it('only admin reads it', async () => {
    expect((await get(url('page=1'), soporte.headers)).statusCode).toBe(403);
    expect((await get(url('page=1'))).statusCode).toBe(401);
  });
});
