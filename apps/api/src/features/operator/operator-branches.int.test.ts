import { describe, expect, it } from 'vitest';
import { BOOKING_PATHS, bookingAnswerSchema } from '@togo/domain/booking/booking.contract';
import { auditEntrySchema, closureAnswerSchema } from '@togo/domain/operator/operator-console.contract';
import {
  operatorBranchListSchema,
  operatorBranchPageSchema,
} from '@togo/domain/operator/operator-ops.contract';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import { AuditRepository, insertAudit } from './audit.repository.ts';
import {
  auditCount,
  OPS_NOW as NOW,
  OPS_TUESDAY as TUESDAY,
  operatorTestBed,
  rowVersion,
  tramitesBooking,
  type TestStaff,
} from './operator.test-support.ts';

const WEDNESDAY = '2026-11-25';

const bed = operatorTestBed();

async function slots(fecha: string, sede = 'TRA-BOG-01') {
  const res = await bed.t.app.inject({
    method: 'POST',
    url: BOOKING_PATHS.slots,
    headers: bed.driver.headers,
    payload: { sede, fecha_agenda_desde: fecha, fecha_agenda_hasta: fecha, from_flow: 'tramites' },
  });
  return res;
}

async function freeAt(fecha: string, hour: string): Promise<number> {
  const res = await slots(fecha);
  expect(res.statusCode).toBe(200);
  const day = (res.json() as { slots: { id: string; disponibles: number }[] }[])[0];
  return day?.slots.find((s) => s.id === hour)?.disponibles ?? 0;
}

/** An edit sent with the branch's current version (If-Match, decision 096). */
const patch = async (payload: unknown, staff: TestStaff = bed.staff.operaciones, id = 'TRA-BOG-01') =>
  bed.send(
    'PATCH',
    `/api/operador/sedes/${id}/`,
    staff,
    payload,
    await rowVersion(bed.t, 'booking_branches', id),
  );

const close = (payload: unknown, staff: TestStaff = bed.staff.operaciones, id = 'TRA-BOG-01') =>
  bed.send('POST', `/api/operador/sedes/${id}/cierres/`, staff, payload);

describe('PATCH /api/operador/sedes/{id}/', () => {
  it('capacity and hours reach the drivers’ slot and branch queries at once', async () => {
    const before = await freeAt(TUESDAY, '10:00 AM');
    expect(before).toBeGreaterThan(0);
    const res = await patch({ capacidad: before + 2 });
    expect(res.statusCode).toBe(200);
    expect(await freeAt(TUESDAY, '10:00 AM')).toBe(before + 2);
    expect((await bed.bogotaBranches()).find((b) => b.id === 'TRA-BOG-01')?.capacidad).toBe(before + 2);

    const horario = { lunes_viernes: { apertura: '10:00', cierre: '12:00' }, sabado: null };
    expect((await patch({ horario })).statusCode).toBe(200);
    expect(await freeAt(TUESDAY, '9:00 AM')).toBe(0);
    expect(await freeAt(TUESDAY, '10:00 AM')).toBe(before + 2);
    expect((await bed.bogotaBranches()).find((b) => b.id === 'TRA-BOG-01')?.horario).toEqual(horario);
    expect(
      (
        await patch({
          horario: {
            lunes_viernes: { apertura: '07:00', cierre: '19:00' },
            sabado: { apertura: '08:00', cierre: '12:00' },
          },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('a capacity below the seats already taken keeps the taken seats (never over-booked)', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await bed.t.app.inject({
        method: 'POST',
        url: BOOKING_PATHS.tramitesBook,
        headers: bed.driver.headers,
        payload: tramitesBooking({ franja: '11:00 AM', placa: `CAP${i}00` }),
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await patch({ capacidad: 1 })).statusCode).toBe(200);
    expect(await freeAt(TUESDAY, '11:00 AM')).toBe(0);
    const [slot] = await bed.t.database.query<{ capacity: number; taken: number }>(
      `select capacity, taken from booking_slots where branch_id = 'TRA-BOG-01' and fecha = $1 and hora = 11`,
      [TUESDAY],
    );
    expect(slot).toEqual({ capacity: 2, taken: 2 });
    expect((await patch({ capacidad: 3 })).statusCode).toBe(200);
  });

  it('an inactive branch disappears for drivers and comes back', async () => {
    expect((await patch({ activa: false })).statusCode).toBe(200);
    expect((await bed.bogotaBranches()).map((b) => b.id)).not.toContain('TRA-BOG-01');
    expect((await slots(TUESDAY)).statusCode).not.toBe(200);
    expect((await patch({ activa: true })).statusCode).toBe(200);
    expect((await bed.bogotaBranches()).map((b) => b.id)).toContain('TRA-BOG-01');
  });

  it('bad input is a 400 naming the field and changes nothing; contenido gets 403; unknown branch 404', async () => {
    const audits = await auditCount(bed.t);
    for (const body of [
      { capacidad: 0 },
      { capacidad: 101 },
      { capacidad: '5' },
      {},
      { horario: { lunes_viernes: { apertura: '18:00', cierre: '08:00' }, sabado: null } },
      { activa: 'si' },
      { otro: 1 },
    ]) {
      const res = await patch(body);
      expect(res.statusCode).toBe(400);
    }
    expect(Object.keys((await patch({ capacidad: 0 })).json())).toEqual(['capacidad']);
    expect((await patch({ capacidad: 5 }, bed.staff.contenido)).statusCode).toBe(403);
    expect((await patch({ capacidad: 5 }, bed.staff.operaciones, 'NO-EXISTE')).statusCode).toBe(404);
    expect(await auditCount(bed.t)).toBe(audits);
  });
});

describe('POST /api/operador/sedes/{id}/cierres/', () => {
  it('closes a day: no slots, no bookings, existing bookings listed and their owners notified', async () => {
    const res = await bed.t.app.inject({
      method: 'POST',
      url: BOOKING_PATHS.tramitesBook,
      headers: bed.driver.headers,
      payload: tramitesBooking({
        fecha_agenda: WEDNESDAY,
        franja: '9:00 AM',
        placa: 'CIE123',
        correo: 'ana.cierre@correo.com',
      }),
    });
    expect(res.statusCode).toBe(200);
    const booked = bookingAnswerSchema.parse(res.json()).sessionInfo.parameters;
    expect(await freeAt(WEDNESDAY, '10:00 AM')).toBeGreaterThan(0);

    const closed = await close({ fecha: WEDNESDAY, motivo: 'Mantenimiento de la pista' });
    expect(closed.statusCode).toBe(201);
    const answer = closureAnswerSchema.parse(closed.json());
    expect(answer.por_reprogramar).toEqual([
      {
        id: booked.id_agendamiento,
        fecha: WEDNESDAY,
        placa: 'CIE123',
        hora: '09:00',
        cliente: { nombre: 'Ana Pérez', correo: 'ana.cierre@correo.com' },
      },
    ]);
    const day = (await slots(WEDNESDAY)).json() as { fecha: string; slots: unknown[] }[];
    expect(day).toEqual([{ fecha: WEDNESDAY, slots: [] }]);
    const refused = await bed.t.app.inject({
      method: 'POST',
      url: BOOKING_PATHS.tramitesBook,
      headers: bed.driver.headers,
      payload: tramitesBooking({ fecha_agenda: WEDNESDAY, franja: '10:00 AM', placa: 'CIE999' }),
    });
    expect(refused.statusCode).toBe(400);
    const [mail] = await listOutbox(bed.t.database.db, 'ana.cierre@correo.com', 1);
    expect(mail?.subject).toMatch(/^Tu cita en .+ debe reprogramarse$/);
    expect(mail?.body).toContain('Mantenimiento de la pista');
  });

  it('a failing write leaves no audit row: closing the same day twice is a 409 with one audit row', async () => {
    const audits = await auditCount(bed.t);
    expect((await close({ fecha: '2026-11-27', motivo: 'Inventario' })).statusCode).toBe(201);
    expect(await auditCount(bed.t)).toBe(audits + 1);
    const again = await close({ fecha: '2026-11-27', motivo: 'Inventario otra vez' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'La sede ya está cerrada ese día.' });
    expect(await auditCount(bed.t)).toBe(audits + 1);
    expect((await close({ fecha: '2026-02-30', motivo: 'x' })).statusCode).toBe(400);
    expect((await close({ fecha: '2026-11-28', motivo: '' })).statusCode).toBe(400);
    expect(await auditCount(bed.t)).toBe(audits + 1);
  });

  it('an audit row written in a transaction that then fails is rolled back with it', async () => {
    const audits = await auditCount(bed.t);
    await expect(
      bed.t.database.db.transaction(async (tx) => {
        await insertAudit(
          tx,
          {
            actor: { staffId: bed.staff.admin.id, email: bed.staff.admin.email },
            accion: 'prueba',
            objeto: 'x',
            antes: null,
            despues: null,
          },
          new Date(NOW),
        );
        throw new Error('falla a mitad');
      }),
    ).rejects.toThrow('falla a mitad');
    expect(await auditCount(bed.t)).toBe(audits);
    expect(await new AuditRepository(bed.t.database.db).count()).toBe(audits);
  });
});

describe('GET /api/operador/auditoria/', () => {
  it('lists every write with who, what, before and after, filtered by Bogotá dates; admin only', async () => {
    const res = await bed.t.app.inject({
      method: 'GET',
      url: '/api/operador/auditoria/?desde=2026-11-23&hasta=2026-11-23',
      headers: bed.staff.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const rows = auditEntrySchema.array().parse(res.json());
    const edit = rows.find((r) => r.accion === 'sede.editar');
    expect(edit).toMatchObject({ staff: bed.staff.operaciones.email, objeto: 'sede:TRA-BOG-01' });
    expect(edit?.antes).toHaveProperty('capacidad');
    expect(edit?.despues).toHaveProperty('capacidad');
    expect(rows.some((r) => r.accion === 'sede.cerrar_dia')).toBe(true);
    const none = await bed.t.app.inject({
      method: 'GET',
      url: '/api/operador/auditoria/?desde=2026-11-24',
      headers: bed.staff.admin.headers,
    });
    expect(none.json()).toEqual([]);
    expect(
      (
        await bed.t.app.inject({
          method: 'GET',
          url: '/api/operador/auditoria/?desde=ayer',
          headers: bed.staff.admin.headers,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await bed.t.app.inject({
          method: 'GET',
          url: '/api/operador/auditoria/',
          headers: bed.staff.operaciones.headers,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/operador/sedes/ (paging, filter and sort on the server)', () => {
  const get = (query: string, who: TestStaff = bed.staff.contenido) =>
    bed.send('GET', `/api/operador/sedes/${query}`, who);
  const fold = (s: string) =>
    s
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '');

  it('without paging parameters answers the plain array; with them, pages that cover the list once', async () => {
    const all = operatorBranchListSchema.parse((await get('')).json());
    expect(all.length).toBeGreaterThanOrEqual(38);
    expect(all.find((b) => b.id === 'TRA-BOG-01')).toMatchObject({
      ciudad: '11001',
      ciudad_nombre: 'Bogotá',
    });

    const seen: string[] = [];
    for (let page = 1; seen.length < all.length; page++) {
      const res = await get(`?page=${page}&page_size=7&orden=nombre`);
      expect(res.statusCode).toBe(200);
      const body = operatorBranchPageSchema.parse(res.json());
      expect(body).toMatchObject({ total: all.length, page, page_size: 7 });
      expect(body.data.length).toBe(Math.min(7, all.length - seen.length));
      seen.push(...body.data.map((b) => b.id));
      expect(page).toBeLessThan(10);
    }
    expect(new Set(seen).size).toBe(all.length);
    const names = seen.map((id) => fold(all.find((b) => b.id === id)!.nombre));
    expect(names).toEqual([...names].sort());

    const past = operatorBranchPageSchema.parse((await get('?page=99&page_size=7')).json());
    expect(past.data).toEqual([]);
    expect(past.total).toBe(all.length);
    expect(past.ciudades).toContainEqual({ ciudad: '11001', nombre: 'Bogotá' });
    expect(past.ciudades.length).toBe(new Set(all.map((b) => b.ciudad)).size);
  });

  it('filters by city and by a part of the name or code (accents and case ignored); sorts by city', async () => {
    const bogota = operatorBranchPageSchema.parse((await get('?ciudad=11001&page=1')).json());
    expect(bogota.page_size).toBe(20);
    expect(bogota.total).toBe(bogota.data.length);
    expect(bogota.data.every((b) => b.ciudad === '11001')).toBe(true);
    expect(bogota.data.map((b) => b.id)).toContain('PER-BOG-DOM');

    const tramites = operatorBranchPageSchema.parse((await get('?ciudad=11001&q=TRAMITES&page=1')).json());
    expect(tramites.data.map((b) => b.id)).toEqual(['TRA-BOG-01']);
    const byCode = operatorBranchListSchema.parse((await get('?q=bog-0')).json());
    expect(byCode.map((b) => b.id).sort()).toEqual(['PER-BOG-01', 'RTM-BOG-01', 'RTM-BOG-02', 'TRA-BOG-01']);
    // Pattern characters are taken literally.
    expect(operatorBranchPageSchema.parse((await get('?q=%25&page=1')).json()).total).toBe(0);
    expect(operatorBranchListSchema.parse((await get('?q=_')).json())).toEqual([]);

    const byCity = operatorBranchPageSchema.parse((await get('?orden=ciudad&page_size=100')).json());
    const cities = byCity.data.map((b) => fold(b.ciudad_nombre));
    expect(cities).toEqual([...cities].sort());
    const desc = operatorBranchPageSchema.parse((await get('?orden=-ciudad&page_size=100')).json());
    expect(desc.data.map((b) => fold(b.ciudad_nombre))).toEqual([...cities].sort().reverse());
  });

  it('bad parameters are a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?page_size=0', 'page_size'],
      ['?page_size=101', 'page_size'],
      ['?page_size=diez', 'page_size'],
      ['?page=0', 'page'],
      ['?page=1&orden=precio', 'orden'],
      ['?ciudad=Bogota', 'ciudad'],
      [`?q=${'x'.repeat(101)}`, 'q'],
    ] as const) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual([field]);
    }
  });
});
