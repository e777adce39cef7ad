import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_PATHS,
  branchesResponseSchema,
  citiesResponseSchema,
  combosResponseSchema,
  readOptions,
  rtmBranchDetailResponseSchema,
  slotsResponseSchema,
  tramitesBranchDetailResponseSchema,
  tramitesResponseSchema,
} from '@togo/domain/booking/booking.contract';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createSignedInUser, type TestUser } from '../garage/garage.test-support.ts';
import { MONDAY_7AM, TUESDAY, insertGarageVehicle, rtmBooking, wrap } from './booking.test-support.ts';

const CHATBOT_TOKEN = 'chatbot-server-token-'.padEnd(40, 'z');
let t: TestContext;
let ana: TestUser;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock(MONDAY_7AM), env: { CHATBOT_TOKEN } });
  ana = await createSignedInUser(t);
  await insertGarageVehicle(t.database, ana.id, 'ABC123');
  await insertGarageVehicle(t.database, ana.id, 'QWE12D', 'MOTOCICLETA');
});
afterAll(async () => {
  await t?.close();
});

function post(url: string, payload: unknown, user: TestUser | null = ana) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: user ? user.headers : {},
  });
}

function slotsBody(overrides: Record<string, unknown> = {}) {
  return {
    sede: 'RTM-BOG-01',
    fecha_agenda_desde: `${TUESDAY}T00:00:00`,
    fecha_agenda_hasta: `${TUESDAY}T00:00:00`,
    from_flow: 'rtm',
    ...overrides,
  };
}

describe('/wh/ authentication', () => {
  it('answers 401 without a token on every booking call and on the bookings list', async () => {
    const paths = Object.values(BOOKING_PATHS).flatMap((p) =>
      typeof p === 'string' && p.startsWith('/wh/') ? [p] : [],
    );
    expect(paths).toHaveLength(13);
    for (const url of paths) {
      const res = await post(url, {}, null);
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toHaveProperty('detail');
    }
    expect((await t.app.inject({ method: 'GET', url: BOOKING_PATHS.myBookings })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: BOOKING_PATHS.cities,
      headers: { authorization: 'Token nope' },
      payload: wrap({ from_flow: 'rtm' }),
    });
    expect(bad.statusCode).toBe(401);
  });
  it('accepts the server-to-server CHATBOT_TOKEN only with an existing user in X-Togo-Usuario', async () => {
    const call = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: BOOKING_PATHS.rtmBranchDetail,
        headers,
        payload: wrap({ sede: 'RTM-BOG-01', placa: 'ABC123' }),
      });
    const bot = { authorization: `Token ${CHATBOT_TOKEN}` };
    const ok = await call({ ...bot, 'x-togo-usuario': String(ana.id) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().sessionInfo.parameters.tipo_vehiculo).toBe('AUTOMOVIL');
    expect((await call(bot)).statusCode).toBe(401);
    expect((await call({ ...bot, 'x-togo-usuario': '999999' })).statusCode).toBe(401);
    // Not accepted on the user's own list.
    const list = await t.app.inject({ method: 'GET', url: BOOKING_PATHS.myBookings, headers: bot });
    expect(list.statusCode).toBe(401);
  });
});

describe('branding, cities, branches (SPPF §7)', () => {
  it('answers a stable llave for the client', async () => {
    const a = await post(BOOKING_PATHS.branding, wrap({ cliente: 'TOGO' }));
    expect(a.statusCode).toBe(200);
    const llave = a.json().sessionInfo.parameters.llave;
    expect(llave).toMatch(/^[0-9a-f]{32}$/);
    const b = await post(BOOKING_PATHS.branding, wrap({ cliente: 'togo' }));
    expect(b.json().sessionInfo.parameters.llave).toBe(llave);
    expect((await post(BOOKING_PATHS.branding, wrap({}))).json()).toEqual({
      sessionInfo: { parameters: { cliente: ['Este campo es obligatorio.'] } },
    });
  });

  it('lists the cities of a service as chips in the second message, with DANE codes', async () => {
    const res = await post(BOOKING_PATHS.cities, wrap({ from_flow: 'rtm' }));
    expect(res.statusCode).toBe(200);
    const options = readOptions(citiesResponseSchema.parse(res.json()));
    expect(options.length).toBeGreaterThanOrEqual(8);
    expect(options).toContainEqual({ text: 'Bogotá', value: '11001' });
    expect(options).toContainEqual({ text: 'Medellín', value: '5001' });
    expect(res.json().fulfillmentResponse.messages[0].text.text[0]).toMatch(/ciudad/);
    const bad = await post(BOOKING_PATHS.cities, wrap({ from_flow: 'soat' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().sessionInfo.parameters.from_flow).toEqual(['Opción inválida.']);
  });

  it('lists branches of a city with name, address, phone, coordinates, maps link and a served image', async () => {
    const res = await post(BOOKING_PATHS.branchesByCity, { ciudad: '11001', from_flow: 'rtm' });
    expect(res.statusCode).toBe(200);
    const branches = branchesResponseSchema.parse(res.json());
    expect(branches.length).toBeGreaterThanOrEqual(2);
    const first = branches[0];
    expect(first).toMatchObject({ id: 'RTM-BOG-01', ciudad_sb: 'Bogotá', a_domicilio: false });
    expect(first?.maps).toMatch(/^https:\/\/www\.google\.com\/maps/);
    const image = await t.app.inject({ method: 'GET', url: first?.imagen ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/svg/);
    // By name too; a city without branches answers an empty list (the client shows 'Actualmente no hay sedes…').
    const byName = await post(BOOKING_PATHS.branchesByCity, { ciudad: 'medellín', from_flow: 'peritaje' });
    expect(byName.json().map((b: { id: string }) => b.id)).toEqual(['PER-MED-01']);
    expect((await post(BOOKING_PATHS.branchesByCity, { ciudad: '05002', from_flow: 'rtm' })).json()).toEqual(
      [],
    );
    expect((await post(BOOKING_PATHS.branchesByCity, { from_flow: 'rtm' })).json()).toEqual({
      ciudad: ['Este campo es obligatorio.'],
    });
    const home = await post(BOOKING_PATHS.branchesByCity, { ciudad: '11001', from_flow: 'peritaje' });
    expect(home.json()).toContainEqual(expect.objectContaining({ id: 'PER-BOG-DOM', a_domicilio: true }));
  });

  it("lists each branch's upcoming closures, so the date strip can disable them (issue 36)", async () => {
    await t.database.query(
      `insert into branch_closures (branch_id, fecha, motivo, created)
       values ('RTM-BOG-01', '2026-11-20', 'Pasado', now()), ('RTM-BOG-01', '2026-11-27', 'Inventario', now()),
              ('RTM-BOG-01', '2026-11-26', 'Mantenimiento', now())`,
    );
    try {
      const res = await post(BOOKING_PATHS.branchesByCity, { ciudad: '11001', from_flow: 'rtm' });
      const branches = branchesResponseSchema.parse(res.json());
      expect(branches.find((b) => b.id === 'RTM-BOG-01')?.cierres).toEqual(['2026-11-26', '2026-11-27']);
      expect(branches.find((b) => b.id !== 'RTM-BOG-01')?.cierres).toEqual([]);
    } finally {
      await t.database.query(`delete from branch_closures where branch_id = 'RTM-BOG-01'`);
    }
  });
});

describe('branch details', () => {
  it('RTM: vehicle type and price of a garage vehicle in sessionInfo and session_info', async () => {
    const res = await post(BOOKING_PATHS.rtmBranchDetail, wrap({ sede: 'RTM-BOG-01', placa: 'abc-123' }));
    expect(res.statusCode).toBe(200);
    const body = rtmBranchDetailResponseSchema.parse(res.json());
    expect(body.sessionInfo?.parameters).toMatchObject({
      placa: 'ABC123',
      tipo_vehiculo: 'AUTOMOVIL',
      price: 378400,
      sede: 'RTM-BOG-01',
    });
    expect(body.session_info).toEqual(body.sessionInfo);
    const moto = await post(BOOKING_PATHS.rtmBranchDetail, wrap({ sede: 'RTM-BOG-01', placa: 'QWE12D' }));
    expect(moto.json().sessionInfo.parameters).toMatchObject({ tipo_vehiculo: 'MOTOCICLETA', price: 227300 });
  });

  it('RTM: a plate outside the garage answers a message without session info (SPPF §8)', async () => {
    const res = await post(BOOKING_PATHS.rtmBranchDetail, wrap({ sede: 'RTM-BOG-01', placa: 'ZZZ999' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      fulfillmentResponse: { messages: [{ text: { text: ['No encontramos ese vehículo en tu garaje.'] } }] },
    });
  });

  it('answers 404 with a Spanish detail for an unknown branch or one of another service', async () => {
    for (const sede of ['NOPE', 'PER-BOG-01']) {
      const res = await post(BOOKING_PATHS.rtmBranchDetail, wrap({ sede, placa: 'ABC123' }));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'La sede seleccionada no existe o no presta este servicio.' });
    }
    const bad = await post(BOOKING_PATHS.rtmBranchDetail, wrap({ sede: 'RTM-BOG-01', placa: 'A1' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().sessionInfo.parameters.placa).toEqual(['Formato de placa inválido.']);
  });

  it('peritaje: the combo price; home-service combos only at the Bogotá home branch', async () => {
    const home = await post(
      BOOKING_PATHS.peritajeBranchDetail,
      wrap({
        sede: 'PER-BOG-DOM',
        placa: 'JKL456',
        combo: 'DOM-HIBRIDO-DIAMANTE',
        tipo_atencion: 'a_domicilio',
      }),
    );
    expect(home.json().sessionInfo.parameters).toMatchObject({
      price: 429000,
      tipo_vehiculo: 'CAMIONETA',
      combustible: 'GASO ELEC',
    });
    const mismatch = await post(
      BOOKING_PATHS.peritajeBranchDetail,
      wrap({ sede: 'PER-MED-01', placa: 'JKL456', combo: 'DOM-GASOLINA-ORO', tipo_atencion: 'a_domicilio' }),
    );
    expect(mismatch.json().fulfillmentResponse.messages[0].text.text[0]).toBe(
      'El servicio a domicilio solo está disponible en Bogotá para vehículos livianos.',
    );
    const unknown = await post(
      BOOKING_PATHS.peritajeBranchDetail,
      wrap({ sede: 'PER-MED-01', placa: 'JKL456', combo: 'NOPE' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ combo: ['El combo seleccionado no existe.'] });
  });

  it('trámites: plain body, several procedures, session_info.parameters with the total', async () => {
    const body = {
      placa: 'XYZ987',
      ciudad: '11001',
      sede: 'TRA-BOG-01',
      tramite: 'TRASPASO,DUPLICADO_PLACAS',
      cliente: 'TOGO',
      celular: '573001234567',
      tipo_identificacion: 'CC',
      numero_identificacion: '1020304050',
      nombre: 'Ana',
      correo: null,
      from_flow: 'tramites',
    };
    const res = await post(BOOKING_PATHS.tramitesBranchDetail, body);
    expect(res.statusCode).toBe(200);
    const parsed = tramitesBranchDetailResponseSchema.parse(res.json());
    expect(parsed.session_info?.parameters).toMatchObject({
      price: 420000 + 290000,
      tipo_vehiculo: 'AUTOMOVIL',
    });
    expect(parsed.session_info?.parameters.tramites.map((l) => l.id)).toEqual([
      'TRASPASO',
      'DUPLICADO_PLACAS',
    ]);
    const unknown = await post(BOOKING_PATHS.tramitesBranchDetail, {
      ...body,
      tramite: ['TRASPASO', 'NOPE'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ tramite: ['El trámite seleccionado no existe.'] });
    const wrongKey = await post(BOOKING_PATHS.tramitesBranchDetail, { ...body, llave: 'x'.repeat(32) });
    expect(wrongKey.statusCode).toBe(400);
    // A phone with letters is a 400 naming the field (issue 36).
    const letters = await post(BOOKING_PATHS.tramitesBranchDetail, { ...body, celular: '57300abc4567' });
    expect(letters.statusCode).toBe(400);
    expect(letters.json()).toEqual({
      celular: ['Número de celular no válido: escribe solo números (7 a 15).'],
    });
  });
});

describe('slots (obtener_horarios_disponibles)', () => {
  it('offers hourly slots within opening hours: 7:00 AM to 6:00 PM on a weekday', async () => {
    const res = await post(BOOKING_PATHS.slots, slotsBody());
    expect(res.statusCode).toBe(200);
    const days = slotsResponseSchema.parse(res.json());
    expect(days[0]?.fecha).toBe(TUESDAY);
    expect(days[0]?.slots.map((s) => s.id)).toEqual([
      '7:00 AM',
      '8:00 AM',
      '9:00 AM',
      '10:00 AM',
      '11:00 AM',
      '12:00 PM',
      '1:00 PM',
      '2:00 PM',
      '3:00 PM',
      '4:00 PM',
      '5:00 PM',
      '6:00 PM',
    ]);
    expect(days[0]?.slots[0]).toEqual({ id: '7:00 AM', hora: '07:00', bloque: 'AM', disponibles: 4 });
    expect(days[0]?.slots[5]?.bloque).toBe('AM');
    expect(days[0]?.slots[6]?.bloque).toBe('PM');
  });

  it('leaves out past hours today (Bogotá time), Sundays, holidays and Saturday afternoons', async () => {
    const today = await post(
      BOOKING_PATHS.slots,
      slotsBody({ fecha_agenda_desde: '2026-11-23', fecha_agenda_hasta: '2026-11-23' }),
    );
    expect(today.json()[0].slots[0].id).toBe('8:00 AM'); // 7:00 has started
    const range = await post(
      BOOKING_PATHS.slots,
      slotsBody({ fecha_agenda_desde: '2026-11-28', fecha_agenda_hasta: '2026-12-08' }),
    );
    const byDate = new Map(
      range.json().map((d: { fecha: string; slots: { id: string }[] }) => [d.fecha, d.slots]),
    );
    expect(byDate.size).toBe(11);
    expect(byDate.get('2026-11-29')).toEqual([]); // Sunday
    expect(byDate.get('2026-12-08')).toEqual([]); // Inmaculada Concepción
    expect((byDate.get('2026-11-28') as { id: string }[]).map((s) => s.id)).toEqual([
      '7:00 AM',
      '8:00 AM',
      '9:00 AM',
      '10:00 AM',
      '11:00 AM',
      '12:00 PM',
    ]);
    // Yesterday: nothing.
    const past = await post(
      BOOKING_PATHS.slots,
      slotsBody({ fecha_agenda_desde: '2026-11-22', fecha_agenda_hasta: '2026-11-22' }),
    );
    expect(past.json()).toEqual([{ fecha: '2026-11-22', slots: [] }]);
  });

  it('subtracts bookings from the capacity and hides a full slot', async () => {
    const user = await createSignedInUser(t);
    await insertGarageVehicle(t.database, user.id, 'CAP001');
    for (let i = 0; i < 4; i++) {
      const res = await post(BOOKING_PATHS.rtmBook, rtmBooking({ placa: 'CAP001', franja: '3:00 PM' }), user);
      expect(res.statusCode, res.body).toBe(200);
      const slots = (await post(BOOKING_PATHS.slots, slotsBody())).json()[0].slots as {
        id: string;
        disponibles: number;
      }[];
      const three = slots.find((s) => s.id === '3:00 PM');
      if (i < 3) expect(three?.disponibles).toBe(3 - i);
      else expect(three).toBeUndefined();
    }
    const full = await post(BOOKING_PATHS.rtmBook, rtmBooking({ placa: 'CAP001', franja: '3:00 PM' }), user);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({
      detail: 'El horario seleccionado ya no está disponible, selecciona otro.',
    });
  });

  it('rejects a missing action, an unknown branch and bad ranges with Spanish errors', async () => {
    const noAction = await post('/wh/transversal/ejecutar-accion/', slotsBody());
    expect(noAction.statusCode).toBe(400);
    expect(noAction.json()).toEqual({ accion: ['Acción desconocida.'] });
    const unknown = await post(BOOKING_PATHS.slots, slotsBody({ sede: 'NOPE' }));
    expect(unknown.statusCode).toBe(404);
    const reversed = await post(BOOKING_PATHS.slots, slotsBody({ fecha_agenda_hasta: '2026-11-20' }));
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({
      fecha_agenda_hasta: ['La fecha final debe ser igual o posterior a la inicial.'],
    });
    const garbage = await post(BOOKING_PATHS.slots, slotsBody({ fecha_agenda_desde: 12 }));
    expect(garbage.statusCode).toBe(400);
  });
});

describe('combos and trámites', () => {
  it('filters combos by nombre__contains, ignoring case and accents (SPPF §3 table)', async () => {
    const res = await post(`${BOOKING_PATHS.combos}?nombre__contains=livianos%20gasolina`, {});
    const combos = combosResponseSchema.parse(res.json());
    expect(combos.map((c) => c.short_name)).toEqual(['Plata', 'Oro', 'Diamante']);
    expect(combos.every((c) => c.tasks.length > 0 && c.price > 0 && c.sede.length > 0)).toBe(true);
    const hybrid = await post(BOOKING_PATHS.combos, wrap({ grupo: 'Livianos', combustible: 'Hibrido' }));
    expect(hybrid.json().map((c: { short_name: string }) => c.short_name)).toEqual(['Diamante']);
    const motos = await post(`${BOOKING_PATHS.combos}?nombre__contains=SuperBike`, {});
    expect(motos.json().map((c: { short_name: string }) => c.short_name)).toEqual(['Oro', 'Diamante']);
    const bad = await post(BOOKING_PATHS.combos, wrap({ grupo: 'Camiones' }));
    expect(bad.statusCode).toBe(400);
  });

  it('keeps the trámites and the TRAMITES_TOGO catalogue (names and icons) in step', async () => {
    const catalogue = await t.database.query<{ clave: string; archivo: string }>(
      `select clave, detalle_archivos->0->>'archivo' as archivo from catalog_entries where clave_padre = 'TRAMITES_TOGO'`,
    );
    const booked = await t.database.query<{ id: string; icono: string }>('select id, icono from tramites');
    expect(new Map(booked.map((r) => [r.id, r.icono]))).toEqual(
      new Map(catalogue.map((r) => [r.clave, r.archivo])),
    );
  });

  it('lists the trámites with price, description and a served icon', async () => {
    const res = await post(BOOKING_PATHS.tramites, {});
    const options = readOptions(tramitesResponseSchema.parse(res.json()));
    expect(options.length).toBe(8);
    expect(options[0]).toMatchObject({ value: 'TRASPASO', text: 'Traspaso de propiedad', price: 420000 });
    const icon = await t.app.inject({ method: 'GET', url: options[0]?.icon ?? '' });
    expect(icon.statusCode).toBe(200);
  });
});

describe('malformed requests', () => {
  it('answers 400, never 500, to broken JSON, wrong types and missing envelopes', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: BOOKING_PATHS.rtmBook,
      headers: { ...ana.headers, 'content-type': 'application/json' },
      payload: '{"sessionInfo": ',
    });
    expect(broken.statusCode).toBe(400);
    const noEnvelope = await post(BOOKING_PATHS.rtmBook, { sede: 'RTM-BOG-01' });
    expect(noEnvelope.statusCode).toBe(400);
    expect(noEnvelope.json()).toHaveProperty('sessionInfo');
    const wrongTypes = await post(
      BOOKING_PATHS.rtmBook,
      rtmBooking({ fecha_agenda: 20261124, franja: ['9:00 AM'], metodo_pago: 'tarjeta' }),
    );
    expect(wrongTypes.statusCode).toBe(400);
    expect(Object.keys(wrongTypes.json().sessionInfo.parameters).sort()).toEqual([
      'fecha_agenda',
      'franja',
      'metodo_pago',
    ]);
    const huge = await post(BOOKING_PATHS.branchesByCity, { ciudad: 'x'.repeat(5000), from_flow: 'rtm' });
    expect(huge.statusCode).toBe(400);
  });
});
