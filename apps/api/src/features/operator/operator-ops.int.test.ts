import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { BOOKING_PATHS } from '@togo/domain/booking/booking.contract';
import { STAFF_ROLES, type StaffRole } from '@togo/domain/operator/operator-auth.contract';
import {
  AGENDA_XLSX_COLUMNS,
  OPERATOR_OPS_PATHS,
  branchClosureListSchema,
  operatorBranchListSchema,
  operatorBranchSchema,
} from '@togo/domain/operator/operator-ops.contract';
import {
  auditCount,
  OPS_NOW as NOW,
  OPS_TUESDAY as TUESDAY,
  operatorTestBed,
  rowVersion,
  tramitesBooking,
  type HttpMethod as Method,
} from './operator.test-support.ts';

const bed = operatorTestBed();
const { send } = bed;

const NEW_BRANCH = {
  id: 'TRA-BOG-09',
  servicio: 'tramites',
  nombre: 'Punto de Trámites Usaquén',
  direccion: 'Cra. 7 # 120-20',
  ciudad: '11001',
  telefono: '601 555 0101',
  lat: 4.6995,
  lng: -74.0305,
  horario: { lunes_viernes: { apertura: '08:00', cierre: '17:00' }, sabado: null },
  capacidad: 2,
  atiende: ['LIVIANOS', 'MOTOS'],
};

describe('access of the operations routes', () => {
  const OPS: readonly StaffRole[] = ['admin', 'operaciones'];
  const ROUTES: { method: Method; url: string; body?: object; allowed: readonly StaffRole[] }[] = [
    {
      method: 'GET',
      url: `${OPERATOR_OPS_PATHS.agendaXlsx}?sede=TRA-BOG-01&fecha=${TUESDAY}`,
      allowed: STAFF_ROLES,
    },
    { method: 'POST', url: OPERATOR_OPS_PATHS.branches, body: {}, allowed: OPS },
    { method: 'GET', url: OPERATOR_OPS_PATHS.closures('TRA-BOG-01'), allowed: STAFF_ROLES },
    { method: 'DELETE', url: OPERATOR_OPS_PATHS.closure('TRA-BOG-01', '2030-01-01'), allowed: OPS },
    { method: 'GET', url: OPERATOR_OPS_PATHS.prices, allowed: STAFF_ROLES },
    { method: 'PUT', url: OPERATOR_OPS_PATHS.rtmPrice('AUTOMOVIL'), body: {}, allowed: OPS },
  ];

  it('401 without a token or with a driver’s token; 403 exactly for the roles without the permission', async () => {
    const cells: string[] = [];
    for (const route of ROUTES) {
      expect((await send(route.method, route.url, undefined, route.body)).statusCode).toBe(401);
      const asDriver = await bed.t.app.inject({
        method: route.method,
        url: route.url,
        headers: bed.driver.headers,
        ...(route.body ? { payload: route.body } : {}),
      });
      expect(asDriver.statusCode).toBe(401);
      for (const rol of STAFF_ROLES) {
        const res = await send(route.method, route.url, bed.staff[rol], route.body);
        const allowed = route.allowed.includes(rol);
        const ok = allowed ? ![401, 403].includes(res.statusCode) : res.statusCode === 403;
        if (!ok) cells.push(`${rol} ${route.method} ${route.url} → ${res.statusCode}`);
      }
    }
    expect(cells).toEqual([]);
  });
});

describe('POST /api/operador/sedes/', () => {
  it('creates a branch drivers can find and book at once; audited; the list shows every field', async () => {
    const audits = await auditCount(bed.t);
    const res = await send('POST', OPERATOR_OPS_PATHS.branches, bed.staff.operaciones, NEW_BRANCH);
    expect(res.statusCode).toBe(201);
    expect(operatorBranchSchema.parse(res.json())).toEqual({
      ...NEW_BRANCH,
      ciudad_nombre: 'Bogotá',
      activa: true,
      a_domicilio: false,
      version: 0,
    });
    expect(await auditCount(bed.t)).toBe(audits + 1);
    const bogota = await bed.bogotaBranches();
    expect(bogota.find((b) => b.id === 'TRA-BOG-09')).toMatchObject({
      lat: 4.6995,
      lng: -74.0305,
      maps: 'https://www.google.com/maps/search/?api=1&query=4.6995,-74.0305',
    });
    const slots = await bed.t.app.inject({
      method: 'POST',
      url: BOOKING_PATHS.slots,
      headers: bed.driver.headers,
      payload: {
        sede: 'TRA-BOG-09',
        fecha_agenda_desde: TUESDAY,
        fecha_agenda_hasta: TUESDAY,
        from_flow: 'tramites',
      },
    });
    expect(slots.statusCode).toBe(200);
    const day = (slots.json() as { slots: { id: string; disponibles: number }[] }[])[0];
    expect(day?.slots.find((s) => s.id === '8:00 AM')?.disponibles).toBe(2);
    expect(day?.slots.some((s) => s.id === '5:00 PM')).toBe(false);
    const list = await send('GET', OPERATOR_OPS_PATHS.branches, bed.staff.soporte);
    expect(operatorBranchListSchema.parse(list.json()).find((b) => b.id === 'TRA-BOG-09')?.nombre).toBe(
      'Punto de Trámites Usaquén',
    );
  });

  it('bad input is a 400 naming the field and creates nothing; a taken id names `id`', async () => {
    const audits = await auditCount(bed.t);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...NEW_BRANCH, id: 'TRA-BOG-10', ciudad: '99999' }, 'ciudad'],
      [{ ...NEW_BRANCH, id: 'TRA-BOG-10', ciudad: 'Bogotá' }, 'ciudad'],
      [{ ...NEW_BRANCH, id: 'x' }, 'id'],
      [{ ...NEW_BRANCH, id: 'TRA-BOG-09' }, 'id'],
      [{ ...NEW_BRANCH, id: 'TRA-BOG-10', lat: 40 }, 'lat'],
      [{ ...NEW_BRANCH, id: 'TRA-BOG-10', atiende: [] }, 'atiende'],
      [{ ...NEW_BRANCH, id: 'TRA-BOG-10', atiende: ['BICICLETAS'] }, 'atiende'],
      [{ ...NEW_BRANCH, id: 'TRA-BOG-10', servicio: 'lavado' }, 'servicio'],
      [{ ...NEW_BRANCH, id: 'TRA-BOG-10', capacidad: 0 }, 'capacidad'],
      [{ ...NEW_BRANCH, id: 'TRA-BOG-10', nombre: 'x'.repeat(201) }, 'nombre'],
      [{ ...NEW_BRANCH, id: 'TRA-BOG-10', extra: true }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await send('POST', OPERATOR_OPS_PATHS.branches, bed.staff.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(Object.keys(res.json()), field).toEqual([field]);
    }
    expect(await auditCount(bed.t)).toBe(audits);
    expect((await bed.bogotaBranches()).some((b) => b.id === 'TRA-BOG-10')).toBe(false);
  });
});

describe('PATCH /api/operador/sedes/{id}/ (console fields)', () => {
  it('edits vehicle groups, home service and map position; the issue’s fields still work alone', async () => {
    const url = OPERATOR_OPS_PATHS.branch('TRA-BOG-09');
    const version = () => rowVersion(bed.t, 'booking_branches', 'TRA-BOG-09');
    const res = await send(
      'PATCH',
      url,
      bed.staff.operaciones,
      { atiende: ['PESADOS'], a_domicilio: true, lat: 4.71 },
      await version(),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ atiende: ['PESADOS'], a_domicilio: true, lat: 4.71, lng: -74.0305 });
    expect((await bed.bogotaBranches()).find((b) => b.id === 'TRA-BOG-09')).toMatchObject({
      lat: 4.71,
      maps: 'https://www.google.com/maps/search/?api=1&query=4.71,-74.0305',
    });
    const cap = await send('PATCH', url, bed.staff.admin, { capacidad: 3 }, await version());
    expect(cap.json()).toMatchObject({ capacidad: 3, atiende: ['PESADOS'] });
    for (const body of [
      { lat: 'norte' },
      { lng: 10 },
      { atiende: ['PESADOS', 'PESADOS'] },
      { a_domicilio: 1 },
    ]) {
      const bad = await send('PATCH', url, bed.staff.admin, body, await version());
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(Object.keys(body));
    }
  });
});

describe('closures: list and reopen', () => {
  it('lists a branch’s closures, deletes a future one (slots return), keeps a past one; audited', async () => {
    const closed = await send('POST', OPERATOR_OPS_PATHS.closures('TRA-BOG-09'), bed.staff.operaciones, {
      fecha: TUESDAY,
      motivo: 'Inventario',
    });
    expect(closed.statusCode).toBe(201);
    // A past closure, written as history (the API refuses nothing about dates when closing).
    await send('POST', OPERATOR_OPS_PATHS.closures('TRA-BOG-09'), bed.staff.operaciones, {
      fecha: '2026-11-20',
      motivo: 'Festivo',
    });
    const list = await send('GET', OPERATOR_OPS_PATHS.closures('TRA-BOG-09'), bed.staff.soporte);
    expect(list.statusCode).toBe(200);
    expect(branchClosureListSchema.parse(list.json())).toEqual([
      {
        fecha: TUESDAY,
        motivo: 'Inventario',
        staff: bed.staff.operaciones.email,
        creado: NOW.replace('Z', '.000Z'),
      },
      {
        fecha: '2026-11-20',
        motivo: 'Festivo',
        staff: bed.staff.operaciones.email,
        creado: NOW.replace('Z', '.000Z'),
      },
    ]);

    const audits = await auditCount(bed.t);
    expect(
      (await send('DELETE', OPERATOR_OPS_PATHS.closure('TRA-BOG-09', '2026-11-20'), bed.staff.admin))
        .statusCode,
    ).toBe(409);
    expect(
      (await send('DELETE', OPERATOR_OPS_PATHS.closure('TRA-BOG-09', '2026-12-01'), bed.staff.admin))
        .statusCode,
    ).toBe(404);
    expect(
      (await send('DELETE', OPERATOR_OPS_PATHS.closure('TRA-BOG-09', '2026-13-01'), bed.staff.admin))
        .statusCode,
    ).toBe(400);
    expect(
      (await send('DELETE', OPERATOR_OPS_PATHS.closure('TRA-BOG-09', TUESDAY), bed.staff.contenido))
        .statusCode,
    ).toBe(403);
    expect(await auditCount(bed.t)).toBe(audits);

    const reopened = await send(
      'DELETE',
      OPERATOR_OPS_PATHS.closure('TRA-BOG-09', TUESDAY),
      bed.staff.operaciones,
    );
    expect(reopened.statusCode).toBe(204);
    expect(await auditCount(bed.t)).toBe(audits + 1);
    const after = branchClosureListSchema.parse(
      (await send('GET', OPERATOR_OPS_PATHS.closures('TRA-BOG-09'), bed.staff.admin)).json(),
    );
    expect(after.map((c) => c.fecha)).toEqual(['2026-11-20']);
    const booked = await bed.t.app.inject({
      method: 'POST',
      url: BOOKING_PATHS.tramitesBook,
      headers: bed.driver.headers,
      payload: tramitesBooking({ sede: 'TRA-BOG-09', franja: '9:00 AM', placa: 'REO123' }),
    });
    expect(booked.statusCode).toBe(200);
    expect((await send('GET', OPERATOR_OPS_PATHS.closures('NO-EXISTE'), bed.staff.admin)).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/operador/agenda.xlsx', () => {
  it('is an .xlsx with the header row and one row per booking, in the agenda’s order', async () => {
    for (const [franja, placa] of [
      ['10:00 AM', 'XLS002'],
      ['8:00 AM', 'XLS001'],
    ] as const) {
      const res = await bed.t.app.inject({
        method: 'POST',
        url: BOOKING_PATHS.tramitesBook,
        headers: bed.driver.headers,
        payload: tramitesBooking({ sede: 'TRA-BOG-09', franja, placa }),
      });
      expect(res.statusCode).toBe(200);
    }
    const url = `${OPERATOR_OPS_PATHS.agendaXlsx}?sede=TRA-BOG-09&fecha=${TUESDAY}`;
    const res = await send('GET', url, bed.staff.soporte);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="agenda-TRA-BOG-09-${TUESDAY}.xlsx"`,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const values = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([...AGENDA_XLSX_COLUMNS]);
    expect(ws.rowCount).toBe(4);
    expect(values(2).slice(0, 7)).toEqual([
      '08:00',
      'XLS001',
      'Trámites',
      'Ana Pérez',
      '573001234567',
      'Confirmada',
      'No',
    ]);
    expect(values(3)[1]).toBe('REO123');
    expect(values(4)[1]).toBe('XLS002');

    const json = await send(
      'GET',
      `/api/operador/agenda/?sede=TRA-BOG-09&fecha=${TUESDAY}`,
      bed.staff.soporte,
    );
    expect(json.headers['content-type']).toContain('application/json');
    expect((json.json() as { placa: string }[]).map((r) => r.placa)).toEqual(['XLS001', 'REO123', 'XLS002']);

    const empty = await send(
      'GET',
      `${OPERATOR_OPS_PATHS.agendaXlsx}?sede=TRA-BOG-09&fecha=2026-11-30`,
      bed.staff.admin,
    );
    await wb.xlsx.load(empty.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]?.rowCount).toBe(1);
    const bad = await send(
      'GET',
      `${OPERATOR_OPS_PATHS.agendaXlsx}?sede=TRA-BOG-09&fecha=mañana`,
      bed.staff.admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['fecha']);
  });
});
