import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportUserSchema } from '@togo/domain/operator/operator-console.contract';
import {
  supportBookingsPageSchema,
  supportDeliveriesPageSchema,
  supportSearchPageSchema,
  supportUserDetailSchema,
} from '@togo/domain/operator/operator-support.contract';
import { vehicles } from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createDriver, createStaff, type TestDriver, type TestStaff } from './operator.test-support.ts';

let t: TestContext;
let soporte: TestStaff;
let ana: TestDriver;
let operaciones: TestStaff;
let laura: TestDriver;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-11-23T15:00:00Z') });
  soporte = await createStaff(t, 'soporte');
  operaciones = await createStaff(t, 'operaciones');
  ana = await createDriver(t, '3157778899');
  laura = await createDriver(t, '3000000000');
  await t.database.query(`update users set nombres = 'Laura', apellidos = 'Peña Gómez' where id = $1`, [
    laura.id,
  ]);
  await t.database.query(`update users set identificacion = '1020304050' where id = $1`, [ana.id]);
  await t.database.db.insert(vehicles).values([
    { userId: ana.id, placa: 'SUP123', documentoPropietario: '1', tipoDocumentoPropietario: 1 },
    {
      userId: ana.id,
      placa: 'OLD999',
      documentoPropietario: '1',
      tipoDocumentoPropietario: 1,
      deletedAt: new Date(),
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const search = (q: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/operador/usuarios/?q=${encodeURIComponent(q)}`,
    headers: soporte.headers,
  });

describe('GET /api/operador/usuarios/?q=', () => {
  it('finds a driver by email, phone, document or plate (live vehicles only)', async () => {
    for (const q of [ana.email.toUpperCase(), '3157778899', '1020304050', 'sup-123', ' SUP123 ']) {
      const res = await search(q);
      expect(res.statusCode, q).toBe(200);
      const list = supportUserSchema.array().parse(res.json());
      expect(
        list.map((u) => u.id),
        q,
      ).toEqual([ana.id]);
      expect(list[0]).toMatchObject({ nombre: 'Ana Pérez', documento: '1020304050', placas: ['SUP123'] });
    }
    expect((await search('OLD999')).json()).toEqual([]);
    expect((await search('nadie@correo.com')).json()).toEqual([]);
  });

  it('finds a phone however it is written (issue 38)', async () => {
    for (const q of ['573157778899', '+57 315 777 8899', '315 777 8899', '(315) 777-8899']) {
      expect(
        supportUserSchema
          .array()
          .parse((await search(q)).json())
          .map((u) => u.id),
        q,
      ).toEqual([ana.id]);
    }
  });

  it('finds a driver by the start of the name or surnames, accents and case ignored (issue 38)', async () => {
    for (const q of ['laura', 'LAURA PEÑA', 'Laura Pena', 'peña', 'pena gom', 'Peña  Gómez']) {
      expect(
        supportUserSchema
          .array()
          .parse((await search(q)).json())
          .map((u) => u.id),
        q,
      ).toEqual([laura.id]);
    }
    // Not the middle of a name, not under three letters, and a LIKE wildcard is only a character.
    for (const q of ['aura', 'La', '%', 'L_ura', 'Gómez Laura']) {
      expect((await search(q)).json(), q).toEqual([]);
    }
  });

  it('refuses an empty, oversized or NUL query with a 400', async () => {
    for (const q of ['', 'x'.repeat(300), 'a\u0000b']) expect((await search(q)).statusCode).toBe(400);
  });
});

const get = (url: string, staff: TestStaff = soporte) =>
  t.app.inject({ method: 'GET', url, headers: staff.headers });

describe('GET /api/operador/usuarios/?q=&page=&page_size=&orden= (paged)', () => {
  let fleet: number[];

  beforeAll(async () => {
    // Five drivers with the same plate in their garages (a shared family or fleet car), created a day apart.
    fleet = [];
    const names = ['Carlos', 'beatriz', 'Álvaro', 'Diana', 'Esteban'];
    for (const [i, nombre] of names.entries()) {
      const [row] = await t.database.query<{ id: number }>(
        `insert into users (email, nombres, apellidos, telefono, group_id, is_first_login_togo, created)
         values ($1, $2, 'Ruiz', $3, 1, false, $4) returning id`,
        [`${nombre.toLowerCase()}.ruiz@correo.com`, nombre, `31100000${i}0`, `2026-11-0${i + 1}T12:00:00Z`],
      );
      fleet.push(Number(row?.id));
      await t.database.query(
        `insert into vehicles (user_id, placa, documento_propietario, tipo_documento_propietario)
         values ($1, 'FAM777', '1', 1)`,
        [row?.id],
      );
    }
  });

  it('answers {data, total, page, page_size}, sorted on the server, pages never overlap', async () => {
    const first = await get('/api/operador/usuarios/?q=FAM777&page=1&page_size=2&orden=creado');
    expect(first.statusCode).toBe(200);
    const p1 = supportSearchPageSchema.parse(first.json());
    expect(p1).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect(p1.data.map((u) => u.id)).toEqual(fleet.slice(0, 2));
    const p3 = supportSearchPageSchema.parse(
      (await get('/api/operador/usuarios/?q=fam-777&page=3&page_size=2&orden=creado')).json(),
    );
    expect(p3.data.map((u) => u.id)).toEqual(fleet.slice(4));
    expect(p3.data[0]).toMatchObject({ placas: ['FAM777'], creado: '2026-11-05T12:00:00.000Z' });

    const desc = supportSearchPageSchema.parse(
      (await get('/api/operador/usuarios/?q=FAM777&orden=-creado')).json(),
    );
    expect(desc.data.map((u) => u.id)).toEqual([...fleet].reverse());
    expect(desc).toMatchObject({ page: 1, page_size: 20 });

    const byName = supportSearchPageSchema.parse(
      (await get('/api/operador/usuarios/?q=FAM777&orden=nombre')).json(),
    );
    expect(byName.data.map((u) => u.nombre)).toEqual([
      'beatriz Ruiz',
      'Carlos Ruiz',
      'Diana Ruiz',
      'Esteban Ruiz',
      'Álvaro Ruiz',
    ]);
    const byEmailDesc = supportSearchPageSchema.parse(
      (await get('/api/operador/usuarios/?q=FAM777&page=1&orden=-correo')).json(),
    );
    expect(byEmailDesc.data[0]?.correo).toBe('álvaro.ruiz@correo.com');
  });

  it('a page past the end is empty but keeps the total; no match is an empty page', async () => {
    const past = supportSearchPageSchema.parse((await get('/api/operador/usuarios/?q=FAM777&page=9')).json());
    expect(past).toEqual({ data: [], total: 5, page: 9, page_size: 20 });
    const none = supportSearchPageSchema.parse((await get('/api/operador/usuarios/?q=NADA00&page=1')).json());
    expect(none).toEqual({ data: [], total: 0, page: 1, page_size: 20 });
  });

  it('the plain list (no paging parameters) is unchanged', async () => {
    const res = await get('/api/operador/usuarios/?q=FAM777');
    expect(
      supportUserSchema
        .array()
        .parse(res.json())
        .map((u) => u.id),
    ).toEqual([...fleet].sort((a, b) => a - b));
  });

  it('bad paging parameters are a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['page_size=101', 'page_size'],
      ['page_size=0', 'page_size'],
      ['orden=telefono', 'orden'],
      ['orden=', 'orden'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/api/operador/usuarios/?q=FAM777&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toHaveProperty(field);
    }
    const noQ = await get('/api/operador/usuarios/?page=1');
    expect(noQ.statusCode).toBe(400);
    expect(noQ.json()).toHaveProperty('q');
  });

  it('every staff role may read (operaciones included)', async () => {
    expect((await get('/api/operador/usuarios/?q=FAM777&page=1', operaciones)).statusCode).toBe(200);
  });
});

describe('GET /api/operador/usuarios/{id}/ (detail)', () => {
  beforeAll(async () => {
    const bog = await t.database.query<{ id: number }>(`select id from cities where code = '11001'`);
    await t.database.query(`update vehicles set city_id = $1 where placa = 'SUP123'`, [bog[0]?.id]);
    await t.database.query(
      `insert into provider_snapshots (vehicle_id, kind, provider, status, data)
       select id, 'registry', 'sandbox', 'ok', '{"vehiculo": {"clase": "AUTOMOVIL"}}'::jsonb
       from vehicles where placa = 'SUP123'`,
    );
    // 12 bookings (one paid, one refunded), newest appointment first in the answer.
    await t.database.query(
      `insert into booking_slots (branch_id, fecha, hora, capacity, taken)
       select 'TRA-BOG-01', ('2026-12-01'::date + d), 9, 5, 1 from generate_series(0, 11) d`,
    );
    await t.database.query(
      `insert into bookings (id, user_id, referencia, servicio, branch_id, slot_id, fecha, hora, placa,
                             tipo_vehiculo, tipo_atencion, metodo_pago, estado, precio, estado_reembolso)
       select gen_random_uuid(), $1, 'SUP-' || s.id, 'tramites', 'TRA-BOG-01', s.id, s.fecha, 9, 'SUP123',
              'LIVIANOS', 'presencial', 'pagar_ahora',
              case when s.fecha = '2026-12-12' then 'cancelada' else 'confirmada' end, 50000,
              case when s.fecha = '2026-12-12' then 'realizado' end
       from booking_slots s where s.branch_id = 'TRA-BOG-01' and s.fecha between '2026-12-01' and '2026-12-12'`,
      [ana.id],
    );
    await t.database.query(
      `insert into payments (id, booking_id, provider, reference, amount_in_cents, status)
       select gen_random_uuid(), id, 'sandbox', referencia, 5000000, 'APPROVED'
       from bookings where user_id = $1 and fecha = '2026-12-11'`,
      [ana.id],
    );
    await t.database.query(
      `insert into notification_deliveries (user_id, kind, channel, status, reason, titulo, created, updated)
       select $1, 'vencimientos', case when g % 2 = 0 then 'email' else 'whatsapp' end,
              case when g = 12 then 'failed' else 'sent' end, case when g = 12 then 'sin_consentimiento' end,
              'Tu SOAT vence pronto', '2026-11-01T10:00:00Z'::timestamptz + g * interval '1 hour',
              '2026-11-01T10:00:00Z'::timestamptz
       from generate_series(1, 12) g`,
      [ana.id],
    );
  });

  it('answers the user, vehicles, the first bookings and deliveries with totals', async () => {
    const res = await get(`/api/operador/usuarios/${ana.id}/`);
    expect(res.statusCode).toBe(200);
    const d = supportUserDetailSchema.parse(res.json());
    expect(d).toMatchObject({
      id: ana.id,
      nombre: 'Ana Pérez',
      correo: ana.email,
      telefono: '3157778899',
      documento: '1020304050',
      verificado: false,
      bloqueado: false,
      bloqueado_hasta: null,
      sesiones_activas: 1,
      eliminado: null,
    });
    expect(d.vehiculos).toEqual([
      { id: expect.any(Number), placa: 'SUP123', ciudad: expect.stringMatching(/Bogot/), clase: 'AUTOMOVIL' },
    ]);
    expect(d.agendamientos).toMatchObject({ total: 12, page: 1, page_size: 10 });
    expect(d.agendamientos.data).toHaveLength(10);
    expect(d.agendamientos.data[0]).toMatchObject({
      fecha: '2026-12-12',
      hora: '09:00',
      servicio: 'tramites',
      estado: 'cancelada',
      pagado: false,
      estado_reembolso: 'realizado',
    });
    expect(d.agendamientos.data[0]?.sede).toBeTruthy();
    expect(d.agendamientos.data[1]).toMatchObject({
      fecha: '2026-12-11',
      pagado: true,
      estado_reembolso: null,
    });
    expect(d.avisos).toMatchObject({ total: 12, page: 1, page_size: 10 });
    expect(d.avisos.data[0]).toMatchObject({
      canal: 'email',
      tipo: 'vencimientos',
      estado: 'failed',
      motivo: 'sin_consentimiento',
      fecha: '2026-11-01T22:00:00.000Z',
    });
  });

  it('"ver más": the next pages of bookings and deliveries', async () => {
    const b = supportBookingsPageSchema.parse(
      (await get(`/api/operador/usuarios/${ana.id}/agendamientos/?page=2&page_size=10`)).json(),
    );
    expect(b.data.map((x) => x.fecha)).toEqual(['2026-12-02', '2026-12-01']);
    const a = supportDeliveriesPageSchema.parse(
      (await get(`/api/operador/usuarios/${ana.id}/avisos/?page=2`)).json(),
    );
    expect(a).toMatchObject({ total: 12, page: 2, page_size: 10 });
    expect(a.data).toHaveLength(2);
    expect((await get(`/api/operador/usuarios/${ana.id}/avisos/?page_size=500`)).statusCode).toBe(400);
  });

  it('an unknown or malformed id is a 404', async () => {
    for (const id of ['999999', '0', 'x', '-1', '1.5']) {
      expect((await get(`/api/operador/usuarios/${id}/`)).statusCode, id).toBe(404);
      expect((await get(`/api/operador/usuarios/${id}/agendamientos/`)).statusCode, id).toBe(404);
    }
  });
});
