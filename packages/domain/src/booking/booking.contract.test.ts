import { describe, expect, it } from 'vitest';
import {
  bookingAnswerSchema,
  citiesResponseSchema,
  franjaSchema,
  peritajeBookRequestSchema,
  readOptions,
  readParameters,
  readPaymentLink,
  rtmBookRequestSchema,
  slotsRequestSchema,
  tramitesBranchDetailRequestSchema,
} from './booking.contract.ts';
import {
  calendarMonths,
  colombianHolidayDates,
  peritajeClassAndFuel,
  phoneWithPrefix,
  slotHour,
  slotHoursFor,
  slotLabel,
  upcomingDates,
} from './booking.rules.ts';

const hours = {
  lunes_viernes: { apertura: '07:00', cierre: '19:00' },
  sabado: { apertura: '08:00', cierre: '13:00' },
};

function errors(
  schema: {
    safeParse: (v: unknown) => {
      success: boolean;
      error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
    };
  },
  value: unknown,
) {
  const r = schema.safeParse(value);
  if (r.success) return {};
  return Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('booking contract (SPPF §7)', () => {
  it('wraps parameters in sessionInfo and normalises plate, date and franja', () => {
    const parsed = rtmBookRequestSchema.parse({
      sessionInfo: {
        parameters: {
          sede: 'rtm-bog-1',
          placa: 'abc-123',
          fecha_agenda: '2026-11-24T00:00:00',
          franja: '07:00 am',
        },
      },
    });
    expect(parsed.sessionInfo.parameters).toMatchObject({
      placa: 'ABC123',
      fecha_agenda: '2026-11-24',
      franja: '7:00 AM',
      promocion: 'NO',
      metodo_pago: 'pagar_ahora',
    });
    expect(errors(rtmBookRequestSchema, { sede: 'x' })).toHaveProperty('sessionInfo');
  });

  it('rejects impossible dates, bad franjas and reversed or long slot ranges', () => {
    expect(franjaSchema.safeParse('13:00 PM').success).toBe(false);
    const base = { sede: 's', from_flow: 'rtm', fecha_agenda_desde: '2026-11-24' };
    expect(errors(slotsRequestSchema, { ...base, fecha_agenda_hasta: '2026-02-30' })).toHaveProperty(
      'fecha_agenda_hasta',
    );
    expect(errors(slotsRequestSchema, { ...base, fecha_agenda_hasta: '2026-11-23' })).toEqual({
      fecha_agenda_hasta: 'La fecha final debe ser igual o posterior a la inicial.',
    });
    expect(errors(slotsRequestSchema, { ...base, fecha_agenda_hasta: '2027-01-24' })).toEqual({
      fecha_agenda_hasta: 'El rango de fechas no puede superar 31 días.',
    });
    expect(
      errors(slotsRequestSchema, { ...base, from_flow: 'soat', fecha_agenda_hasta: '2026-11-24' }),
    ).toHaveProperty('from_flow');
  });

  it('applies the peritaje §5 rules: email only when receiving by email, address for home service', () => {
    const params = {
      sede: 'dom-bog',
      placa: 'ABC123',
      combo: 'liv-gas-oro',
      tipo_atencion: 'a_domicilio',
      recibir_resultado: 'true',
      correo_resultado: '',
      nombre_resultado: '  Ana  ',
      fecha_agenda: '2026-11-24',
      franja: '9:00 AM',
    };
    expect(errors(peritajeBookRequestSchema, { sessionInfo: { parameters: params } })).toEqual({
      'sessionInfo.parameters.correo_resultado': 'El correo es obligatorio.',
      'sessionInfo.parameters.direccion_servicio': 'La dirección es obligatoria.',
    });
    const ok = peritajeBookRequestSchema.parse({
      sessionInfo: {
        parameters: { ...params, recibir_resultado: 'false', direccion_servicio: ' Cl 1 # 2-3 ' },
      },
    });
    expect(ok.sessionInfo.parameters).toMatchObject({
      recibir_resultado: false,
      correo_resultado: null,
      nombre_resultado: 'Ana',
      direccion_servicio: 'Cl 1 # 2-3',
    });
  });

  it('accepts several trámites as an array or a comma-separated string', () => {
    const body = {
      placa: 'ABC123',
      ciudad: '11001',
      sede: 's',
      tramite: 'traspaso, duplicado-placas,traspaso',
    };
    expect(tramitesBranchDetailRequestSchema.parse(body).tramite).toEqual(['traspaso', 'duplicado-placas']);
    expect(errors(tramitesBranchDetailRequestSchema, { ...body, tramite: [] })).toHaveProperty('tramite');
  });

  it('takes a phone of digits only (spaces and a leading + tolerated) and refuses letters (issue 36)', () => {
    const body = { placa: 'ABC123', ciudad: '11001', sede: 's', tramite: 'traspaso' };
    expect(tramitesBranchDetailRequestSchema.parse({ ...body, celular: '57 300 123 4567' }).celular).toBe(
      '573001234567',
    );
    expect(tramitesBranchDetailRequestSchema.parse({ ...body, celular: '' }).celular).toBeUndefined();
    expect(errors(tramitesBranchDetailRequestSchema, { ...body, celular: '300abc4567' })).toEqual({
      celular: 'Número de celular no válido: escribe solo números (7 a 15).',
    });
  });

  it('reads options, parameters and payment links the way the client does', () => {
    const cities = citiesResponseSchema.parse({
      fulfillmentResponse: {
        messages: [
          { text: { text: ['Selecciona tu ciudad'] } },
          {
            payload: {
              richContent: [[{ type: 'chips', options: [{ text: 'Bogotá D.C.', value: '11001' }] }]],
            },
          },
        ],
      },
    });
    expect(readOptions(cities)).toEqual([{ text: 'Bogotá D.C.', value: '11001' }]);
    expect(readParameters({ session_info: { parameters: { a: 1 } } })).toEqual({ a: 1 });
    const parameters = {
      linkPago: 'http://x/pago/sandbox/R1',
      id_agendamiento: 'id',
      referencia: 'R1',
      estado: 'pendiente_pago' as const,
      fecha_agenda: '2026-11-24',
      franja: '7:00 AM',
      price: 1000,
      expira_en: null,
    };
    const answer = bookingAnswerSchema.parse({ sessionInfo: { parameters }, session_info: { parameters } });
    expect(readPaymentLink(answer)).toBe('http://x/pago/sandbox/R1');
    expect(readPaymentLink({ sessionInfo: { parameters: { linkPago: null } } })).toBeNull();
  });
});

describe('booking rules (SPPF §9)', () => {
  it('labels slots on the 12-hour clock and reads them back', () => {
    expect(slotLabel(7)).toBe('7:00 AM');
    expect(slotLabel(12)).toBe('12:00 PM');
    expect(slotLabel(13)).toBe('1:00 PM');
    expect(slotHour('6:00 PM')).toBe(18);
    expect(slotHour('12:00 AM')).toBe(12);
    expect(slotHour('13:00 PM')).toBeNull();
  });

  it('generates slots within opening hours, none past, none on Sundays or holidays', () => {
    const monday = '2026-11-23';
    const early = new Date('2026-11-20T12:00:00Z');
    expect(slotHoursFor({ date: '2026-11-24', now: early, openingHours: hours })).toEqual([
      7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
    ]);
    // 10:30 in Bogotá (15:30 UTC): 7–10 have started
    expect(
      slotHoursFor({ date: monday, now: new Date('2026-11-23T15:30:00Z'), openingHours: hours })[0],
    ).toBe(11);
    expect(slotHoursFor({ date: '2026-11-28', now: early, openingHours: hours })).toEqual([8, 9, 10, 11, 12]);
    expect(slotHoursFor({ date: '2026-11-29', now: early, openingHours: hours })).toEqual([]); // Sunday
    expect(slotHoursFor({ date: '2026-12-08', now: early, openingHours: hours })).toEqual([]); // Inmaculada
    expect(slotHoursFor({ date: '2026-11-16', now: early, openingHours: hours })).toEqual([]); // moved holiday
    expect(colombianHolidayDates(2026)).toContain('2026-01-12');
  });

  it('lists 9 days from tomorrow and 13 calendar months in Bogotá time', () => {
    // 23:30 on 23 Nov in Bogotá is already 24 Nov in UTC
    const dates = upcomingDates(new Date('2026-11-24T04:30:00Z'));
    expect(dates).toHaveLength(9);
    expect(dates[0]).toBe('2026-11-24');
    expect(dates[8]).toBe('2026-12-02');
    expect(calendarMonths(new Date('2026-11-23T12:00:00Z'))).toEqual(
      expect.arrayContaining(['2026-11', '2027-01', '2027-11']),
    );
    expect(calendarMonths(new Date('2026-11-23T12:00:00Z'))).toHaveLength(13);
  });

  it('maps peritaje class and fuel and prefixes phones', () => {
    expect(peritajeClassAndFuel('Livianos', 'Hibrido')).toEqual({
      clase: 'CAMIONETA',
      combustible: 'GASO ELEC',
    });
    expect(peritajeClassAndFuel('Livianos', 'Diesel')).toEqual({ clase: 'AUTOMOVIL', combustible: 'DIESEL' });
    expect(peritajeClassAndFuel('Motocicletas', 'SuperBike')).toEqual({
      clase: 'MOTOCICLETA',
      combustible: 'GASOLINA',
    });
    expect(phoneWithPrefix('300 123 4567')).toBe('573001234567');
    expect(phoneWithPrefix('573001234567')).toBe('573001234567');
  });
});
