import { describe, expect, it } from 'vitest';
import {
  PICO_PLACA_REPORT_NOTE_MAX,
  picoPlacaReportBodySchema,
  picoPlacaReportResolvedTexts,
  picoPlacaReportResolveSchema,
} from './pico-placa-report.contract.ts';

const issuesOf = (input: unknown) => {
  const parsed = picoPlacaReportBodySchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('picoPlacaReportBodySchema', () => {
  it('trims the note; an empty or absent note is null', () => {
    expect(picoPlacaReportBodySchema.parse({ id_garaje: 7, fecha: ' 2026-12-01 ', nota: '  mal  ' })).toEqual(
      {
        id_garaje: 7,
        fecha: '2026-12-01',
        nota: 'mal',
      },
    );
    expect(
      picoPlacaReportBodySchema.parse({ id_garaje: 7, fecha: '2026-12-01', nota: '   ' }).nota,
    ).toBeNull();
    expect(picoPlacaReportBodySchema.parse({ id_garaje: 7, fecha: '2026-12-01' }).nota).toBeNull();
    expect(
      picoPlacaReportBodySchema.parse({ id_garaje: 7, fecha: '2026-12-01', nota: null }).nota,
    ).toBeNull();
  });

  it('the note may have 500 characters after trimming, not 501', () => {
    const ok = picoPlacaReportBodySchema.parse({
      id_garaje: 7,
      fecha: '2026-12-01',
      nota: `  ${'á'.repeat(PICO_PLACA_REPORT_NOTE_MAX)}  `,
    });
    expect(ok.nota).toHaveLength(500);
    expect(issuesOf({ id_garaje: 7, fecha: '2026-12-01', nota: 'a'.repeat(501) })).toEqual([
      'nota: La nota puede tener máximo 500 caracteres.',
    ]);
  });

  it('refuses impossible dates, other formats, bad vehicles and unknown fields in Spanish', () => {
    expect(issuesOf({ id_garaje: 7, fecha: '2026-02-29' })).toEqual([
      'fecha: Fecha inválida. Usa el formato AAAA-MM-DD.',
    ]);
    expect(issuesOf({ id_garaje: 7, fecha: '01/12/2026' })).toHaveLength(1);
    expect(issuesOf({ id_garaje: 0, fecha: '2026-12-01' })).toEqual([
      'id_garaje: Indica el vehículo (id_garaje) con un número entero.',
    ]);
    expect(issuesOf({ id_garaje: 1.5, fecha: '2026-12-01' })).toHaveLength(1);
    expect(issuesOf({ id_garaje: '7', fecha: '2026-12-01' })).toHaveLength(1);
    expect(issuesOf({ fecha: '2026-12-01' })).toHaveLength(1);
    expect(issuesOf({ id_garaje: 7, fecha: '2026-12-01', digito: 3 })).toHaveLength(1);
  });
});

describe('picoPlacaReportResolveSchema', () => {
  it('an optional trimmed reply of at most 500 characters', () => {
    expect(picoPlacaReportResolveSchema.parse({})).toEqual({ respuesta: null });
    expect(picoPlacaReportResolveSchema.parse({ respuesta: ' Listo ' })).toEqual({ respuesta: 'Listo' });
    expect(picoPlacaReportResolveSchema.safeParse({ respuesta: 'x'.repeat(501) }).success).toBe(false);
  });
});

describe('picoPlacaReportResolvedTexts', () => {
  it('names the city and day, and quotes the reply when there is one', () => {
    expect(
      picoPlacaReportResolvedTexts({ ciudad: 'Cali', fecha: '2026-12-01', respuesta: 'Ya está.' }),
    ).toEqual({
      titulo: 'Revisamos tu reporte de pico y placa',
      message:
        'Revisamos tu reporte sobre el pico y placa de Cali del 01/12/2026. Respuesta de TOGO: Ya está.',
    });
    expect(
      picoPlacaReportResolvedTexts({ ciudad: 'Cali', fecha: '2026-12-01', respuesta: null }).message,
    ).toBe('Revisamos tu reporte sobre el pico y placa de Cali del 01/12/2026. ¡Gracias por avisarnos!');
  });
});
