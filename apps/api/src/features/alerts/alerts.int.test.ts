import { describe, expect, it } from 'vitest';
import { alertsWorld, fine, setAlertDates, setSnapshot } from './alerts.test-fixtures.ts';

const { world, vehicle, getAlert, save } = alertsWorld();

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
    await setSnapshot(world.t, id, 'registry', 'ok', registryData);
    await setAlertDates(world.t, id, 'ALERTA_SOAT', 'registry', '2026-01-10', '2027-01-09');
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
    await setSnapshot(world.t, id, 'registry', 'pending', null);
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
    await setSnapshot(world.t, failed, 'registry', 'failed', null);
    expect((await getAlert(failed, 'ALERTA_SOAT')).json()).toMatchObject({
      empty: false,
      data: { fecha_expedicion: null, fecha_vencimiento: null, fuente: null },
    });
    const none = await vehicle();
    await setSnapshot(world.t, none, 'registry', 'ok', { ...registryData, soat: null });
    expect((await getAlert(none, 'ALERTA_SOAT')).json()).toMatchObject({
      empty: false,
      data: { fuente: null },
    });
  });

  it('lets the dates the user entered win over the registry dates', async () => {
    const id = await vehicle();
    await setSnapshot(world.t, id, 'registry', 'ok', registryData, 'http');
    await setAlertDates(world.t, id, 'ALERTA_SOAT', 'registry', '2026-01-10', '2027-01-09');
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
    await setSnapshot(world.t, id, 'registry', 'pending', null);
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
    await setSnapshot(world.t, id, 'registry', 'ok', registryData);
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

  it('counts and lists every owed fine, as SIMIT counts them (decision 071)', async () => {
    const id = await vehicle();
    const pending = await getAlert(id, 'INFRACCION_TRANSITO');
    expect(pending.json()).toEqual({
      empty: true,
      data: { cant_comparendos_vehiculo: 0, comparendos_vehiculo: [], comparendos_persona: [] },
    });
    await setSnapshot(world.t, id, 'fines', 'ok', {
      comparendos_vehiculo: [
        fine('1', 'Vigente'),
        fine('2', 'pagado'),
        fine('3', 'VIGENTE', 1266100, 'MULTA DE TRÁNSITO - D02'),
        fine('4', 'Vigénte'),
        fine('7', 'en cobro coactivo'),
        fine('8', 'acuerdo de pago'),
      ],
      comparendos_persona: [
        fine('5', 'anulado'),
        fine('6', 'vigente'),
        fine('10', 'en proceso de cobro coactivo'),
      ],
    });
    const res = await getAlert(id, 'INFRACCION_TRANSITO');
    const body = res.json();
    expect(body.empty).toBe(false);
    expect(body.data.cant_comparendos_vehiculo).toBe(5);
    expect(body.data.comparendos_vehiculo.map((f: { numero: string }) => f.numero)).toEqual([
      '1',
      '3',
      '4',
      '7',
      '8',
    ]);
    expect(body.data.comparendos_persona.map((f: { numero: string }) => f.numero)).toEqual(['6', '10']);
    // The transit office, resolution date, discount and course are answered (null when the provider gives none).
    expect(body.data.comparendos_vehiculo[1]).toEqual({
      ...fine('3', 'VIGENTE', 1266100, 'MULTA DE TRÁNSITO - D02'),
      organismo_transito: null,
      fecha_resolucion: null,
      descuento: null,
      curso: null,
    });

    const clean = await vehicle();
    await setSnapshot(world.t, clean, 'fines', 'ok', {
      comparendos_vehiculo: [fine('9', 'Pagado')],
      comparendos_persona: [],
    });
    expect((await getAlert(clean, 'INFRACCION_TRANSITO')).json()).toEqual({
      empty: false,
      data: { cant_comparendos_vehiculo: 0, comparendos_vehiculo: [], comparendos_persona: [] },
    });
  });
});
