import { describe, expect, it } from 'vitest';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import { alertsWorld, deleteVehicle, setSnapshot } from './alerts.test-fixtures.ts';

const { world, vehicle, getAlert, save, lastPlateNumber } = alertsWorld();

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
    const noId = await world.t.app.inject({
      method: 'GET',
      url: '/api/togo/alerta/get_alerta/?code=ALERTA_SOAT',
      headers: world.owner.headers,
    });
    expect(noId.json()).toEqual({ id_garaje: ['Este campo es obligatorio'] });
    // Nothing was saved by the rejected requests.
    expect((await getAlert(id, 'ALERTA_IMPUESTO')).json().data.fecha_vencimiento).toBeNull();
  });

  it('refuses a date of something already done that lies in the future (issue 36)', async () => {
    const id = await vehicle();
    const kit = await save('POST', {
      code: 'ALERTA_KIT',
      id_garaje: id,
      data: { fecha_vencimiento: '2030-12-10' },
    });
    expect(kit.statusCode).toBe(400);
    expect(kit.json()).toEqual({ fecha_vencimiento: ['Esta fecha ya pasó: no puede ser posterior a hoy.'] });
    const issued = await save('POST', {
      code: 'ALERTA_TODO_RIESGO',
      id_garaje: id,
      data: { fecha_expedicion: '2030-01-01', fecha_vencimiento: '2031-01-01' },
    });
    expect(issued.json()).toEqual({
      fecha_expedicion: ['Esta fecha ya pasó: no puede ser posterior a hoy.'],
    });
    const past = await save('POST', {
      code: 'ALERTA_KIT',
      id_garaje: id,
      data: { fecha_vencimiento: '2026-06-15' },
    });
    expect(past.statusCode).toBe(201);
  });

  it('answers malformed bodies with 400, never 500', async () => {
    const id = await vehicle();
    const json = await world.t.app.inject({
      method: 'POST',
      url: '/api/togo/alerta/',
      headers: { ...world.owner.headers, 'content-type': 'application/json' },
      payload: '{"code":',
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ detail: 'El cuerpo de la solicitud no es un JSON válido.' });
    for (const body of [[1, 2], 'texto', { code: 'ALERTA_SOAT', id_garaje: 'x', data: 5 }, { code: 7 }]) {
      const res = await world.t.app.inject({
        method: 'PUT',
        url: '/api/togo/alerta/update_alerta/',
        headers: { ...world.owner.headers, 'content-type': 'application/json' },
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
    const res = await world.t.app.inject({
      method: 'GET',
      url: '/api/togo/alerta/get_alerta/?id_garaje=1&code=ALERTA_SOAT',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("another user's vehicle", () => {
  it('answers 404 on every path, as if it did not exist', async () => {
    const id = await vehicle(world.owner);
    await setSnapshot(world.t, id, 'fines', 'ok', { comparendos_vehiculo: [], comparendos_persona: [] });
    const payload = { code: 'ALERTA_IMPUESTO', id_garaje: id, data: { fecha_vencimiento: '2027-01-01' } };
    for (const code of ['ALERTA_SOAT', 'ALERTA_KIT', 'ALERTA_LICENCIA', 'INFRACCION_TRANSITO']) {
      const res = await getAlert(id, code, world.stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'No encontrado.' });
    }
    expect((await save('POST', payload, world.stranger)).statusCode).toBe(404);
    expect((await save('PUT', payload, world.stranger)).statusCode).toBe(404);
    const list = await world.t.app.inject({
      method: 'GET',
      url: `/api/togo/notificacion/list_notificaciones_by_garaje/?id_garaje=${id}`,
      headers: world.stranger.headers,
    });
    expect(list.statusCode).toBe(404);
    // The owner's data was not touched; a deleted vehicle is gone for its owner too.
    expect((await getAlert(id, 'ALERTA_IMPUESTO')).json().data.fecha_vencimiento).toBeNull();
    await deleteVehicle(world.t, id);
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
    const list = await world.t.app.inject({
      method: 'GET',
      url: `/api/togo/notificacion/list_notificaciones_by_garaje/?id_garaje=${id}`,
      headers: world.owner.headers,
    });
    const placa = `ABC${lastPlateNumber()}`;
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
    const [mail] = await listOutbox(world.t.database.db, world.owner.email, 1);
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
    const after = await world.t.app.inject({
      method: 'GET',
      url: `/api/togo/notificacion/list_notificaciones_by_garaje/?id_garaje=${id}`,
      headers: world.owner.headers,
    });
    expect(after.json().count).toBe(2);
    expect(after.json().results.map((n: { titulo: string }) => n.titulo)).toContain(
      'Tu SOAT vence en 13 días',
    );
  });
});
