import { describe, expect, it } from 'vitest';
import { addMonths, nextService, reminderState, servicesReminder } from './reminder-schedule.ts';

const plan = (p: Partial<Parameters<typeof nextService>[0]>) => ({
  cada_km: null,
  cada_meses: null,
  ultimo_km: null,
  ultima_fecha: null,
  ...p,
});

describe('reminder arithmetic', () => {
  it('adds months keeping the day, or the month’s last day', () => {
    expect(addMonths('2026-01-15', 6)).toBe('2026-07-15');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2026-12-01', 12)).toBe('2027-12-01');
  });

  it('by kilometres: last + every', () => {
    expect(nextService(plan({ cada_km: 5_000, ultimo_km: 40_000 }))).toEqual({
      proximo_km: 45_000,
      proxima_fecha: null,
    });
  });

  it('by months: last date + every', () => {
    expect(nextService(plan({ cada_meses: 6, ultima_fecha: '2026-05-20' }))).toEqual({
      proximo_km: null,
      proxima_fecha: '2026-11-20',
    });
  });

  it('by kilometres: al día, pronto within 500 km, vencido once reached', () => {
    const next = { proximo_km: 45_000, proxima_fecha: null };
    expect(reminderState(next, 44_499, '2026-11-22')).toBe('al_dia');
    expect(reminderState(next, 44_500, '2026-11-22')).toBe('pronto');
    expect(reminderState(next, 44_999, '2026-11-22')).toBe('pronto');
    expect(reminderState(next, 45_000, '2026-11-22')).toBe('vencido');
  });

  it('by months: al día, pronto within 15 days, vencido on the day', () => {
    const next = { proximo_km: null, proxima_fecha: '2026-12-10' };
    expect(reminderState(next, 0, '2026-11-24')).toBe('al_dia');
    expect(reminderState(next, 0, '2026-11-25')).toBe('pronto');
    expect(reminderState(next, 0, '2026-12-09')).toBe('pronto');
    expect(reminderState(next, 0, '2026-12-10')).toBe('vencido');
    expect(reminderState(next, 0, '2027-01-10')).toBe('vencido');
  });

  it('both: whichever comes first', () => {
    const next = nextService(
      plan({ cada_km: 5_000, cada_meses: 6, ultimo_km: 40_000, ultima_fecha: '2026-06-01' }),
    );
    expect(next).toEqual({ proximo_km: 45_000, proxima_fecha: '2026-12-01' });
    // Far on both.
    expect(reminderState(next, 41_000, '2026-09-01')).toBe('al_dia');
    // The kilometres come first.
    expect(reminderState(next, 44_600, '2026-09-01')).toBe('pronto');
    expect(reminderState(next, 45_100, '2026-09-01')).toBe('vencido');
    // The date comes first.
    expect(reminderState(next, 41_000, '2026-11-20')).toBe('pronto');
    expect(reminderState(next, 41_000, '2026-12-01')).toBe('vencido');
  });

  it('a service moves a reminder forward unless it is older than what the reminder counts from', () => {
    const p = plan({ cada_km: 5_000, ultimo_km: 40_000, ultima_fecha: '2026-06-01' });
    expect(servicesReminder(p, 45_000, '2026-10-01')).toBe(true);
    expect(servicesReminder(p, 35_000, '2026-01-01')).toBe(false);
    expect(servicesReminder(plan({ cada_km: 5_000, ultimo_km: 40_000 }), 39_000, '2026-01-01')).toBe(false);
    expect(servicesReminder(plan({ cada_meses: 6 }), 10, '2026-01-01')).toBe(true);
  });
});
