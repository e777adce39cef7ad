import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  createUser,
  createVehicle,
  deleteVehicle,
  fine,
  setAlertDates,
  setSnapshot,
  type TestUser,
} from './alerts.test-fixtures.ts';

let t: TestContext;
let owner: TestUser;
let stranger: TestUser;
let plateSeq = 100;

beforeAll(async () => {
  // 2026-11-22 07:00 in Bogotá.
  t = await createTestApp({ env: { WEB_URL: 'https://togo.example' } });
  t.clock.set('2026-11-22T12:00:00Z');
  owner = await createUser(t);
  stranger = await createUser(t, 'Otro');
});
afterAll(async () => {
  await t.close();
});

async function vehicle(user = owner) {
  plateSeq += 1;
  return createVehicle(t, user.id, `ABC${plateSeq}`);
}

const getAlert = (id: number, code: string, user = owner) =>
  t.app.inject({
    method: 'GET',
    url: `/api/togo/alerta/get_alerta/?id_garaje=${id}&code=${code}`,
    headers: user.headers,
  });
const save = (method: 'POST' | 'PUT', payload: unknown, user = owner) =>
  t.app.inject({
    method,
    url: method === 'POST' ? '/api/togo/alerta/' : '/api/togo/alerta/update_alerta/',
    headers: user.headers,
    payload: payload as object,
  });

const registryData = {
  placa: 'ABC101',
  soat: { fecha_expedicion: '2026-01-10', fecha_vencimiento: '2027-01-09', aseguradora: 'SURA' },
  rtm: { fecha_expedicion: '2026-03-01', fecha_vencimiento: '2027-03-01', cda: 'CDA Norte' },
  licencia: {
    numero_licencia_transito: '1020304050',
    organismo_expedicion: 'STRIA TTE Y MOVILIDAD BOGOTA',
    fecha_expedicion_lic_transito: '2018-05-04',
    estado_lic_transito: 'ACTIVA',
    restricciones_lic_transito: 'LENTES',
    detalles_lic_transito: [
      { categoria: 'C1', fechaVencimiento: '2027-05-04' },
      { categoria: 'A2', fechaVencimiento: '2028-05-04' },
      { categoria: 'B1', fechaVencimiento: '2028-05-04' },
    ],
  },
};

describe('GET get_alerta: SOAT and RTM', () => {
  it('answers the registry dates once the look-up answered', async () => {
    const id = await vehicle();
    await setSnapshot(t, id, 'registry', 'ok', registryData);
    await setAlertDates(t, id, 'ALERTA_SOAT', 'registry', '2026-01-10', '2027-01-09');
    const soat = await getAlert(id, 'ALERTA_SOAT');
    expect(soat.statusCode).toBe(200);
    expect(soat.json()).toEqual({
      empty: false,
      data: {
        fecha_expedicion: '2026-01-10',
        fecha_vencimiento: '2027-01-09',
        fuente: 'registro',
        demo: true,
        aseguradora: 'SURA',
      },
    });
    // No alert_dates row for RTM yet: the snapshot's own dates are used.
    const rtm = await getAlert(id, 'ALERTA_RTM');
    expect(rtm.json()).toEqual({
      empty: false,
      data: {
        fecha_expedicion: '2026-03-01',
        fecha_vencimiento: '2027-03-01',
        fuente: 'registro',
        demo: true,
        cda: 'CDA Norte',
      },
    });
  });

  it("is empty while the look-up has not answered and the user entered nothing ('Estamos actualizando')", async () => {
    const id = await vehicle();
    const missing = await getAlert(id, 'ALERTA_SOAT');
    expect(missing.json()).toEqual({
      empty: true,
      data: { fecha_expedicion: null, fecha_vencimiento: null, fuente: null, demo: false, aseguradora: null },
    });
    await setSnapshot(t, id, 'registry', 'pending', null);
    expect((await getAlert(id, 'ALERTA_RTM')).json()).toMatchObject({ empty: true });

    const saved = await save('POST', {
      code: 'ALERTA_RTM',
      id_garaje: id,
      fecha_base: '2026-11-22',
      data: { fecha_expedicion: '2026-02-01', fecha_vencimiento: '2027-02-01' },
    });
    expect(saved.statusCode).toBe(201);
    expect((await getAlert(id, 'ALERTA_RTM')).json()).toEqual({
      empty: false,
      data: {
        fecha_expedicion: '2026-02-01',
        fecha_vencimiento: '2027-02-01',
        fuente: 'usuario',
        demo: false,
        cda: null,
      },
    });
  });

  it('is not empty once the look-up failed or found no policy (the screen shows Sin registrar)', async () => {
    const failed = await vehicle();
    await setSnapshot(t, failed, 'registry', 'failed', null);
    expect((await getAlert(failed, 'ALERTA_SOAT')).json()).toMatchObject({
      empty: false,
      data: { fecha_expedicion: null, fecha_vencimiento: null, fuente: null },
    });
    const none = await vehicle();
    await setSnapshot(t, none, 'registry', 'ok', { ...registryData, soat: null });
    expect((await getAlert(none, 'ALERTA_SOAT')).json()).toMatchObject({
      empty: false,
      data: { fuente: null },
    });
  });

  it('lets the dates the user entered win over the registry dates', async () => {
    const id = await vehicle();
    await setSnapshot(t, id, 'registry', 'ok', registryData, 'http');
    await setAlertDates(t, id, 'ALERTA_SOAT', 'registry', '2026-01-10', '2027-01-09');
    expect((await getAlert(id, 'ALERTA_SOAT')).json().data).toMatchObject({
      fuente: 'registro',
      demo: false,
    });
    const res = await save('POST', {
      code: 'ALERTA_SOAT',
      id_garaje: id,
      fecha_base: '2026-11-22',
      data: { fecha_expedicion: '2026-06-01', fecha_vencimiento: '2027-05-31' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      code: 'ALERTA_SOAT',
      id_garaje: id,
      data: { fecha_expedicion: '2026-06-01', fecha_vencimiento: '2027-05-31' },
    });
    expect((await getAlert(id, 'ALERTA_SOAT')).json()).toEqual({
      empty: false,
      data: {
        fecha_expedicion: '2026-06-01',
        fecha_vencimiento: '2027-05-31',
        fuente: 'usuario',
        demo: false,
        aseguradora: null,
      },
    });
  });
});

describe('GET get_alerta: policy, taxes and kit (user dates only)', () => {
  it('answers nulls until the user saves dates, then updates them', async () => {
    const id = await vehicle();
    for (const code of ['ALERTA_TODO_RIESGO', 'ALERTA_IMPUESTO', 'ALERTA_KIT']) {
      const res = await getAlert(id, code);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ empty: false, data: { fecha_expedicion: null, fecha_vencimiento: null } });
    }
    // Dates at the top level are accepted too.
    const created = await save('POST', {
      code: 'ALERTA_IMPUESTO',
      id_garaje: id,
      fecha_base: '2026-11-22',
      fecha_expedicion: '2026-04-01',
      fecha_vencimiento: '2027-04-01',
    });
    expect(created.statusCode).toBe(201);
    expect((await getAlert(id, 'ALERTA_IMPUESTO')).json()).toEqual({
      empty: false,
      data: { fecha_expedicion: '2026-04-01', fecha_vencimiento: '2027-04-01' },
    });
    const updated = await save('PUT', {
      code: 'ALERTA_IMPUESTO',
      id_garaje: id,
      fecha_base: '2026-11-22',
      data: { fecha_expedicion: '2026-05-01', fecha_vencimiento: '2027-05-01' },
    });
    expect(updated.statusCode).toBe(200);
    expect((await getAlert(id, 'ALERTA_IMPUESTO')).json().data).toEqual({
      fecha_expedicion: '2026-05-01',
      fecha_vencimiento: '2027-05-01',
    });

    const policy = await save('POST', {
      code: 'ALERTA_TODO_RIESGO',
      id_garaje: id,
      data: { fecha_expedicion: '2026-08-01', fecha_vencimiento: '2027-08-01' },
    });
    expect(policy.statusCode).toBe(201);
    expect((await getAlert(id, 'ALERTA_TODO_RIESGO')).json().data.fecha_vencimiento).toBe('2027-08-01');
  });

  it('saves the kit with its single date (last extinguisher recharge) in fecha_vencimiento', async () => {
    const id = await vehicle();
    const res = await save('POST', {
      code: 'ALERTA_KIT',
      id_garaje: id,
      data: { fecha_vencimiento: '2026-03-15' },
    });
    expect(res.statusCode).toBe(201);
    expect((await getAlert(id, 'ALERTA_KIT')).json()).toEqual({
      empty: false,
      data: { fecha_expedicion: null, fecha_vencimiento: '2026-03-15' },
    });
    const both = await save('PUT', {
      code: 'ALERTA_KIT',
      id_garaje: id,
      data: { fecha_expedicion: '2026-03-15', fecha_vencimiento: '2026-03-15' },
    });
    expect(both.statusCode).toBe(400);
    expect(Object.keys(both.json())).toEqual(['fecha_expedicion']);
  });
});

describe('GET get_alerta: licence and fines', () => {
  it('answers the licence with its categories sorted by name', async () => {
    const id = await vehicle();
    await setSnapshot(t, id, 'registry', 'pending', null);
    expect((await getAlert(id, 'ALERTA_LICENCIA')).json()).toEqual({
      empty: true,
      data: {
        numero_licencia_transito: null,
        organismo_expedicion: null,
        fecha_expedicion_lic_transito: null,
        estado_lic_transito: null,
        restricciones_lic_transito: null,
        detalles_lic_transito: [],
      },
    });
    await setSnapshot(t, id, 'registry', 'ok', registryData);
    const res = await getAlert(id, 'ALERTA_LICENCIA');
    expect(res.json()).toEqual({
      empty: false,
      data: {
        numero_licencia_transito: '1020304050',
        organismo_expedicion: 'STRIA TTE Y MOVILIDAD BOGOTA',
        fecha_expedicion_lic_transito: '2018-05-04',
        estado_lic_transito: 'ACTIVA',
        restricciones_lic_transito: 'LENTES',
        detalles_lic_transito: [
          { categoria: 'A2', fechaVencimiento: '2028-05-04' },
          { categoria: 'B1', fechaVencimiento: '2028-05-04' },
          { categoria: 'C1', fechaVencimiento: '2027-05-04' },
        ],
      },
    });
    // An issue date the user entered wins over the registry's.
    const saved = await save('POST', {
      code: 'ALERTA_LICENCIA',
      id_garaje: id,
      data: { fecha_expedicion: '2019-01-02', fecha_vencimiento: '2029-01-02' },
    });
    expect(saved.statusCode).toBe(201);
    expect((await getAlert(id, 'ALERTA_LICENCIA')).json().data.fecha_expedicion_lic_transito).toBe(
      '2019-01-02',
    );
  });

  it('counts and lists only vigente fines', async () => {
    const id = await vehicle();
    const pending = await getAlert(id, 'INFRACCION_TRANSITO');
    expect(pending.json()).toEqual({
      empty: true,
      data: { cant_comparendos_vehiculo: 0, comparendos_vehiculo: [], comparendos_persona: [] },
    });
    await setSnapshot(t, id, 'fines', 'ok', {
      comparendos_vehiculo: [
        fine('1', 'Vigente'),
        fine('2', 'pagado'),
        fine('3', 'VIGENTE', 1266100, 'MULTA DE TRÁNSITO - D02'),
        fine('4', 'Vigénte'),
      ],
      comparendos_persona: [fine('5', 'anulado'), fine('6', 'vigente')],
    });
    const res = await getAlert(id, 'INFRACCION_TRANSITO');
    const body = res.json();
    expect(body.empty).toBe(false);
    expect(body.data.cant_comparendos_vehiculo).toBe(3);
    expect(body.data.comparendos_vehiculo.map((f: { numero: string }) => f.numero)).toEqual(['1', '3', '4']);
    expect(body.data.comparendos_persona.map((f: { numero: string }) => f.numero)).toEqual(['6']);
    expect(body.data.comparendos_vehiculo[1]).toEqual(
      fine('3', 'VIGENTE', 1266100, 'MULTA DE TRÁNSITO - D02'),
    );

    const clean = await vehicle();
    await setSnapshot(t, clean, 'fines', 'ok', {
      comparendos_vehiculo: [fine('9', 'Pagado')],
      comparendos_persona: [],
    });
    expect((await getAlert(clean, 'INFRACCION_TRANSITO')).json()).toEqual({
      empty: false,
      data: { cant_comparendos_vehiculo: 0, comparendos_vehiculo: [], comparendos_persona: [] },
    });
  });
});

describe('saving dates', () => {
  it('creates once (then 400) and updates only what exists (else 404)', async () => {
    const id = await vehicle();
    const payload = {
      code: 'ALERTA_TODO_RIESGO',
      id_garaje: id,
      fecha_base: '2026-11-22',
      data: { fecha_expedicion: '2026-01-01', fecha_vencimiento: '2027-01-01' },
    };
    const absent = await save('PUT', payload);
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toEqual({ detail: 'No encontrado.' });
    expect((await save('POST', payload)).statusCode).toBe(201);
    const twice = await save('POST', payload);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ detail: 'Ya existen fechas para esta alerta; usa actualizar.' });
  });

  it('rejects invalid dates, unknown codes and an expiry before the issue date', async () => {
    const id = await vehicle();
    const bad = await save('POST', {
      code: 'ALERTA_SOAT',
      id_garaje: id,
      data: { fecha_expedicion: '2026-02-30', fecha_vencimiento: '22/11/2027' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      fecha_expedicion: ['Fecha inválida. Usa el formato AAAA-MM-DD.'],
      fecha_vencimiento: ['Fecha inválida. Usa el formato AAAA-MM-DD.'],
    });
    const code = await save('POST', {
      code: 'ALERTA_SEGURO',
      id_garaje: id,
      data: { fecha_vencimiento: '2027-01-01' },
    });
    expect(code.statusCode).toBe(400);
    expect(code.json()).toEqual({ code: ['Código de alerta no válido.'] });
    const fines = await save('POST', {
      code: 'INFRACCION_TRANSITO',
      id_garaje: id,
      data: { fecha_vencimiento: '2027-01-01' },
    });
    expect(fines.json()).toEqual({ code: ['Código de alerta no válido.'] });
    const order = await save('POST', {
      code: 'ALERTA_IMPUESTO',
      id_garaje: id,
      data: { fecha_expedicion: '2027-01-02', fecha_vencimiento: '2027-01-01' },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toEqual({
      fecha_vencimiento: ['La fecha de vencimiento no puede ser anterior a la fecha de expedición.'],
    });
    const missing = await save('POST', { code: 'ALERTA_IMPUESTO', id_garaje: id, data: {} });
    expect(missing.json()).toEqual({ fecha_vencimiento: ['Este campo es obligatorio'] });
    const query = await getAlert(id, 'ALERTA_NADA');
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ code: ['Código de alerta no válido.'] });
    const noId = await t.app.inject({
      method: 'GET',
      url: '/api/togo/alerta/get_alerta/?code=ALERTA_SOAT',
      headers: owner.headers,
    });
    expect(noId.json()).toEqual({ id_garaje: ['Este campo es obligatorio'] });
    // Nothing was saved by the rejected requests.
    expect((await getAlert(id, 'ALERTA_IMPUESTO')).json().data.fecha_vencimiento).toBeNull();
  });

  it('answers malformed bodies with 400, never 500', async () => {
    const id = await vehicle();
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/togo/alerta/',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '{"code":',
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ detail: 'El cuerpo de la solicitud no es un JSON válido.' });
    for (const body of [[1, 2], 'texto', { code: 'ALERTA_SOAT', id_garaje: 'x', data: 5 }, { code: 7 }]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/togo/alerta/update_alerta/',
        headers: { ...owner.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode).toBe(400);
    }
    const typed = await save('POST', {
      code: 'ALERTA_SOAT',
      id_garaje: id,
      data: { fecha_vencimiento: 20270101 },
    });
    expect(typed.json()).toEqual({ fecha_vencimiento: ['Fecha inválida. Usa el formato AAAA-MM-DD.'] });
  });

  it('needs a token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/togo/alerta/get_alerta/?id_garaje=1&code=ALERTA_SOAT',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("another user's vehicle", () => {
  it('answers 404 on every path, as if it did not exist', async () => {
    const id = await vehicle(owner);
    await setSnapshot(t, id, 'fines', 'ok', { comparendos_vehiculo: [], comparendos_persona: [] });
    const payload = { code: 'ALERTA_IMPUESTO', id_garaje: id, data: { fecha_vencimiento: '2027-01-01' } };
    for (const code of ['ALERTA_SOAT', 'ALERTA_KIT', 'ALERTA_LICENCIA', 'INFRACCION_TRANSITO']) {
      const res = await getAlert(id, code, stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'No encontrado.' });
    }
    expect((await save('POST', payload, stranger)).statusCode).toBe(404);
    expect((await save('PUT', payload, stranger)).statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/togo/notificacion/list_notificaciones_by_garaje/?id_garaje=${id}`,
      headers: stranger.headers,
    });
    expect(list.statusCode).toBe(404);
    // The owner's data was not touched; a deleted vehicle is gone for its owner too.
    expect((await getAlert(id, 'ALERTA_IMPUESTO')).json().data.fecha_vencimiento).toBeNull();
    await deleteVehicle(t, id);
    expect((await getAlert(id, 'ALERTA_IMPUESTO')).statusCode).toBe(404);
    expect((await save('POST', payload)).statusCode).toBe(404);
  });
});

describe('a date change runs the expiry engine for the vehicle', () => {
  it('creates the notification at once and emails the owner', async () => {
    const id = await vehicle();
    // Due in 7 days (today is 2026-11-22 in Bogotá).
    const res = await save('POST', {
      code: 'ALERTA_SOAT',
      id_garaje: id,
      fecha_base: '2026-11-22',
      data: { fecha_expedicion: '2025-11-30', fecha_vencimiento: '2026-11-29' },
    });
    expect(res.statusCode).toBe(201);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/togo/notificacion/list_notificaciones_by_garaje/?id_garaje=${id}`,
      headers: owner.headers,
    });
    const placa = `ABC${plateSeq}`;
    expect(list.json().results).toEqual([
      {
        id: expect.any(Number),
        logo_notificacion: '/static/notifications/soat.svg',
        titulo: 'Tu SOAT vence en 7 días',
        message: `El SOAT de tu vehículo ${placa} vence el 29-11-2026. Renuévalo a tiempo para evitar multas e inmovilización.`,
        url_redireccion: '/app/alerts/soat',
        created: '2026-11-22T12:00:00.000Z',
      },
    ]);
    const [mail] = await listOutbox(t.database.db, owner.email, 1);
    expect(mail).toMatchObject({ channel: 'email', subject: 'TOGO: Tu SOAT vence en 7 días' });
    expect(mail?.body).toContain('https://togo.example/app/alerts/soat');
    expect(mail?.body).toContain(`El SOAT de tu vehículo ${placa} vence el 29-11-2026.`);

    // Moving the date starts the new schedule: 15-day window now.
    const moved = await save('PUT', {
      code: 'ALERTA_SOAT',
      id_garaje: id,
      data: { fecha_expedicion: '2025-12-06', fecha_vencimiento: '2026-12-05' },
    });
    expect(moved.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/togo/notificacion/list_notificaciones_by_garaje/?id_garaje=${id}`,
      headers: owner.headers,
    });
    expect(after.json().count).toBe(2);
    expect(after.json().results.map((n: { titulo: string }) => n.titulo)).toContain(
      'Tu SOAT vence en 13 días',
    );
  });
});
