import { addDays, isServiceDay } from '../../packages/domain/src/booking/booking.rules.ts';
import { bogotaToday } from '../../packages/domain/src/bogota-time.ts';

/**
 * The `n`-th day after today (Bogotá) on which a branch open Monday to Friday serves: a weekday that is not a
 * Colombian holiday ('YYYY-MM-DD'). A journey that books on "the second weekday" would otherwise fail on the
 * days before a holiday (8 December, for one) with "El horario seleccionado no está disponible".
 */
export function serviceWeekday(n = 1, now = new Date()): string {
  let day = bogotaToday(now);
  for (let found = 0, tries = 0; tries < 60; tries += 1) {
    day = addDays(day, 1);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5 && isServiceDay(day) && ++found === n) return day;
  }
  throw new Error('no service weekday in 60 days');
}
