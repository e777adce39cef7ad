import { describe, expect, it } from 'vitest';
import { bogotaToday } from '../bogota-time.ts';
import {
  addDays,
  addMonths,
  daysBetween,
  formatDateDmy,
  formatLongSpanishDate,
  isIsoDate,
} from './alerts.dates.ts';
import { fineTypeLabel } from './alerts.fines.ts';
import { alertRedirectUrl, DATED_ALERT_CODES, notificationIconPath } from './alerts.rules.ts';
import { currentStep, isStepDay } from './alerts.schedule.ts';
import { notificationTexts } from './alerts.texts.ts';

describe('dates', () => {
  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isIsoDate('2026-11-29')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('29/11/2026')).toBe(false);
    expect(isIsoDate('2026-1-5')).toBe(false);
    expect(isIsoDate('1899-12-31')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });

  it('does calendar arithmetic', () => {
    expect(addDays('2026-11-22', 7)).toBe('2026-11-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-22', '2026-12-22')).toBe(30);
    expect(addMonths('2026-03-15', 12)).toBe('2027-03-15');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
  });

  it('computes today in America/Bogota', () => {
    expect(bogotaToday(new Date('2026-11-22T04:59:59Z'))).toBe('2026-11-21');
    expect(bogotaToday(new Date('2026-11-22T05:00:00Z'))).toBe('2026-11-22');
  });

  it('formats dd-MM-yyyy and the long Spanish date', () => {
    expect(formatDateDmy('2026-11-29')).toBe('29-11-2026');
    expect(formatDateDmy('2026-03-05')).toBe('05-03-2026');
    expect(formatLongSpanishDate('2026-03-15')).toBe('15 de marzo de 2026');
    expect(formatLongSpanishDate('2026-01-01')).toBe('1 de enero de 2026');
    expect(formatLongSpanishDate('2026-09-30')).toBe('30 de septiembre de 2026');
  });
});

describe('fines', () => {
  it('labels fine types (AHGA §9)', () => {
    expect(fineTypeLabel('Comparendo - Electrónico')).toBe('Comparendo');
    expect(fineTypeLabel('RESOLUCIÓN MULTA DE TRÁNSITO')).toBe('Multa');
    expect(fineTypeLabel('Acuerdo de pago')).toBe('Acuerdo de pago');
    expect(fineTypeLabel('comparendo - x')).toBe('comparendo - x');
    expect(fineTypeLabel(null)).toBe('');
  });
});

describe('notification schedule', () => {
  it('fires on the exact step days: 30, 15, 7, 1, 0 before and every 7 days overdue', () => {
    const days = Array.from({ length: 80 }, (_, i) => 40 - i).filter(isStepDay);
    expect(days).toEqual([30, 15, 7, 1, 0, -7, -14, -21, -28, -35]);
  });

  it('maps every day to the step whose window contains it (catch-up)', () => {
    expect(currentStep(31)).toBeNull();
    expect(currentStep(30)).toBe(30);
    expect(currentStep(16)).toBe(30);
    expect(currentStep(15)).toBe(15);
    expect(currentStep(8)).toBe(15);
    expect(currentStep(7)).toBe(7);
    expect(currentStep(2)).toBe(7);
    expect(currentStep(1)).toBe(1);
    expect(currentStep(0)).toBe(0);
    expect(currentStep(-6)).toBe(0);
    expect(currentStep(-7)).toBe(-7);
    expect(currentStep(-13)).toBe(-7);
    expect(currentStep(-14)).toBe(-14);
    expect(currentStep(-400)).toBe(-399);
  });

  it('on a step day the current step is that day', () => {
    for (let d = 30; d >= -60; d--) if (isStepDay(d)) expect(currentStep(d)).toBe(d);
  });
});

describe('notification texts', () => {
  it('writes the SOAT texts before and after expiry', () => {
    expect(
      notificationTexts({ code: 'ALERTA_SOAT', placa: 'ABC123', dueDate: '2026-11-29', daysLeft: 7 }),
    ).toEqual({
      titulo: 'Tu SOAT vence en 7 días',
      message:
        'El SOAT de tu vehículo ABC123 vence el 29-11-2026. Renuévalo a tiempo para evitar multas e inmovilización.',
    });
    expect(
      notificationTexts({ code: 'ALERTA_SOAT', placa: 'ABC123', dueDate: '2026-11-29', daysLeft: 1 }).titulo,
    ).toBe('Tu SOAT vence mañana');
    expect(
      notificationTexts({ code: 'ALERTA_SOAT', placa: 'ABC123', dueDate: '2026-11-29', daysLeft: 0 }).titulo,
    ).toBe('Tu SOAT vence hoy');
    expect(
      notificationTexts({ code: 'ALERTA_SOAT', placa: 'ABC123', dueDate: '2026-11-29', daysLeft: -7 }),
    ).toEqual({
      titulo: 'Tu SOAT está vencido',
      message:
        'El SOAT de tu vehículo ABC123 venció el 29-11-2026. Renuévalo cuanto antes: circular sin SOAT vigente acarrea multa e inmovilización.',
    });
  });

  it('agrees in gender for every code', () => {
    const overdue = DATED_ALERT_CODES.map(
      (code) => notificationTexts({ code, placa: 'XYZ98F', dueDate: '2026-01-10', daysLeft: -14 }).titulo,
    );
    expect(overdue).toEqual([
      'Tu SOAT está vencido',
      'Tu revisión técnico-mecánica está vencida',
      'Tu póliza todo riesgo está vencida',
      'Tu impuesto vehicular está vencido',
      'La recarga de tu extintor está vencida',
      'Tu licencia de conducción está vencida',
    ]);
    const before = DATED_ALERT_CODES.map(
      (code) => notificationTexts({ code, placa: 'XYZ98F', dueDate: '2026-01-10', daysLeft: 15 }).message,
    );
    for (const m of before) expect(m).toMatch(/ XYZ98F vence el 10-01-2026\. \S/);
  });
});

describe('routes and icons', () => {
  it('redirects each code to its alert screen', () => {
    expect(DATED_ALERT_CODES.map(alertRedirectUrl)).toEqual([
      '/app/alerts/soat',
      '/app/alerts/rtm',
      '/app/alerts/poliza',
      '/app/alerts/impuestos',
      '/app/alerts/kit',
      '/app/alerts/licencia-conduccion',
    ]);
    expect(notificationIconPath('ALERTA_SOAT')).toBe('/static/notifications/soat.svg');
  });
});
