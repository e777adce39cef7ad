import { describe, expect, it } from 'vitest';
import {
  alertQuerySchema,
  licenceSchema,
  notificationListQuerySchema,
  parseFines,
  pushSubscriptionSchema,
  saveAlertSchema,
} from './alerts.contract.ts';

function issues(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } },
  v: unknown,
) {
  const r = schema.safeParse(v);
  return r.success ? [] : (r.error?.issues as { path: (string | number)[]; message: string }[]);
}

describe('saveAlertSchema', () => {
  it('accepts the dates inside data or at the top level', () => {
    const inside = saveAlertSchema.parse({
      code: 'ALERTA_IMPUESTO',
      id_garaje: 3,
      fecha_base: '2026-11-22',
      data: { fecha_expedicion: '2026-01-10', fecha_vencimiento: '2027-01-10' },
    });
    expect(inside).toEqual({
      code: 'ALERTA_IMPUESTO',
      id_garaje: 3,
      fecha_base: '2026-11-22',
      fecha_expedicion: '2026-01-10',
      fecha_vencimiento: '2027-01-10',
    });
    const top = saveAlertSchema.parse({
      code: 'ALERTA_TODO_RIESGO',
      id_garaje: '3',
      fecha_expedicion: '2026-01-10',
      fecha_vencimiento: '2027-01-10',
    });
    expect(top.fecha_vencimiento).toBe('2027-01-10');
  });

  it('takes only fecha_vencimiento for the kit', () => {
    expect(
      saveAlertSchema.parse({ code: 'ALERTA_KIT', id_garaje: 1, data: { fecha_vencimiento: '2026-03-15' } }),
    ).toMatchObject({ fecha_expedicion: null, fecha_vencimiento: '2026-03-15' });
    expect(
      issues(saveAlertSchema, {
        code: 'ALERTA_KIT',
        id_garaje: 1,
        data: { fecha_expedicion: '2026-03-15', fecha_vencimiento: '2026-03-15' },
      }).map((i) => i.path.join('.')),
    ).toEqual(['fecha_expedicion']);
  });

  it('rejects bad dates, unknown codes and expiry before issue with Spanish messages', () => {
    expect(
      issues(saveAlertSchema, {
        code: 'ALERTA_SOAT',
        id_garaje: 1,
        data: { fecha_vencimiento: '2026-02-30' },
      }),
    ).toMatchObject([{ path: ['fecha_vencimiento'], message: 'Fecha inválida. Usa el formato AAAA-MM-DD.' }]);
    expect(
      issues(saveAlertSchema, { code: 'OTRA', id_garaje: 1, fecha_vencimiento: '2026-02-20' }),
    ).toMatchObject([{ path: ['code'], message: 'Código de alerta no válido.' }]);
    expect(
      issues(saveAlertSchema, {
        code: 'ALERTA_RTM',
        id_garaje: 1,
        data: { fecha_expedicion: '2026-05-01', fecha_vencimiento: '2026-04-30' },
      }),
    ).toMatchObject([
      {
        path: ['fecha_vencimiento'],
        message: 'La fecha de vencimiento no puede ser anterior a la fecha de expedición.',
      },
    ]);
    expect(issues(saveAlertSchema, { code: 'ALERTA_RTM', id_garaje: 1 })).toMatchObject([
      { path: ['fecha_vencimiento'], message: 'Este campo es obligatorio' },
    ]);
    expect(issues(saveAlertSchema, 'texto')).toHaveLength(1);
    expect(
      issues(saveAlertSchema, {
        code: 'ALERTA_RTM',
        id_garaje: 1,
        data: 'x',
        fecha_vencimiento: '2027-01-01',
      }),
    ).toMatchObject([{ path: ['data'] }]);
  });
});

describe('alertQuerySchema', () => {
  it('needs a garage id and a known code', () => {
    expect(alertQuerySchema.parse({ id_garaje: '12', code: 'INFRACCION_TRANSITO' })).toEqual({
      id_garaje: 12,
      code: 'INFRACCION_TRANSITO',
    });
    expect(issues(alertQuerySchema, { code: 'ALERTA_SOAT' })).toMatchObject([
      { path: ['id_garaje'], message: 'Este campo es obligatorio' },
    ]);
    expect(issues(alertQuerySchema, { id_garaje: 'x', code: 'ALERTA_SOAT' })).toMatchObject([
      { path: ['id_garaje'], message: 'Debe ser un número entero positivo.' },
    ]);
  });
});

describe('provider data read leniently', () => {
  it('keeps known licence fields and drops bad categories', () => {
    const l = licenceSchema.parse({
      numero_licencia_transito: 1234,
      organismo_expedicion: 'STRIA TTE BOGOTA',
      detalles_lic_transito: [{ categoria: 'B1', fechaVencimiento: '2030-01-01' }, 'basura'],
      extra: true,
    });
    expect(l).toEqual({
      numero_licencia_transito: '1234',
      organismo_expedicion: 'STRIA TTE BOGOTA',
      fecha_expedicion_lic_transito: null,
      estado_lic_transito: null,
      restricciones_lic_transito: null,
      detalles_lic_transito: [{ categoria: 'B1', fechaVencimiento: '2030-01-01' }],
    });
    expect(licenceSchema.parse({}).detalles_lic_transito).toEqual([]);
  });

  it('parses fines with numeric or text amounts', () => {
    expect(parseFines([{ numero: 9, total: '633200', estado: 'Vigente' }, 5])).toEqual([
      {
        numero: '9',
        tipo: null,
        estado: 'Vigente',
        total: 633200,
        fecha_infraccion: null,
        placa: null,
        infractor: null,
        descripcion: null,
        categoria: null,
        organismo_transito: null,
        fecha_resolucion: null,
        descuento: null,
        curso: null,
      },
    ]);
    expect(parseFines(null)).toEqual([]);
    const [withExtras] = parseFines([
      {
        numero: '1',
        organismo_transito: 'Ricaurte (Cundinamarca)',
        descuento: { porcentaje: 50, fecha_limite: '2026-12-01', requiere_curso: true },
        curso: 'no es un curso',
      },
    ]);
    expect(withExtras).toMatchObject({
      organismo_transito: 'Ricaurte (Cundinamarca)',
      descuento: { porcentaje: 50, fecha_limite: '2026-12-01', requiere_curso: true },
      curso: null,
    });
  });
});

describe('notifications and push contracts', () => {
  it('caps page_size like DRF', () => {
    expect(notificationListQuerySchema.parse({ id_garaje: '1' }).page_size).toBe(20);
    expect(notificationListQuerySchema.parse({ id_garaje: '1', page_size: '500' }).page_size).toBe(100);
    expect(notificationListQuerySchema.parse({ id_garaje: '1', page_size: 'x' }).page_size).toBe(20);
  });

  it('validates a browser PushSubscription', () => {
    const p256dh = 'B' + 'A'.repeat(86);
    const auth = 'A'.repeat(22);
    expect(
      pushSubscriptionSchema.safeParse({ endpoint: 'https://push.example/abc', keys: { p256dh, auth } })
        .success,
    ).toBe(true);
    expect(
      issues(pushSubscriptionSchema, {
        endpoint: 'http://push.example/abc',
        keys: { p256dh, auth: 'x' },
      }).map((i) => i.path.join('.')),
    ).toEqual(['endpoint', 'keys.auth']);
    expect(issues(pushSubscriptionSchema, { endpoint: 'https://push.example/abc' })).toMatchObject([
      { path: ['keys'], message: 'Este campo es obligatorio' },
    ]);
  });
});
