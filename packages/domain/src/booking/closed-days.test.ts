import { describe, expect, it } from 'vitest';
import { closedDayReason } from './booking.rules.ts';

const BRANCH = {
  horario: { lunes_viernes: { apertura: '07:00', cierre: '18:00' }, sabado: null },
  cierres: ['2026-11-26'],
};

describe('closedDayReason: the days the date strip disables (issue 36)', () => {
  it('closes Sundays and Colombian holidays everywhere', () => {
    expect(closedDayReason('2026-11-29')).toBe('Cerrado: los domingos no hay servicio.');
    expect(closedDayReason('2026-12-08')).toBe('Cerrado: es festivo.');
    expect(closedDayReason('2026-11-24')).toBeNull();
    expect(closedDayReason('2026-11-28')).toBeNull();
  });

  it("closes a branch's Saturdays when it has no Saturday hours, and the days the console closed it", () => {
    expect(closedDayReason('2026-11-28', BRANCH)).toBe('Cerrado: la sede no abre los sábados.');
    expect(closedDayReason('2026-11-26', BRANCH)).toBe('Cerrado: la sede no atiende ese día.');
    expect(closedDayReason('2026-11-27', BRANCH)).toBeNull();
  });
});
