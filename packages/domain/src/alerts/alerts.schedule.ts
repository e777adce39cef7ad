/**
 * When expiry notifications are due (the expiry engine's rule, mirrored in its SQL).
 *
 * `daysLeft` = due date − today (America/Bogota); negative once overdue. Steps are named by the days
 * before the due date they stand for: 30, 15, 7, 1, 0 before it, then −7, −14, −21, … while overdue.
 *
 * - Exact day: step s is due on the day daysLeft = s (for overdue steps, every 7th day after the due date).
 * - Catch-up: each step owns a window that runs from its day up to the day before the next step's day:
 *   30 → daysLeft 30…16, 15 → 15…8, 7 → 7…2, 1 → 1, 0 → 0…−6, −7k → −7k…−7k−6. A run on any day of a
 *   window creates that window's step if it does not exist yet, so a missed day (engine down, date
 *   entered late) still yields the most recent step, never a pile of old ones.
 * - A (vehicle, code, due date, step) is notified once; a new due date starts a new schedule.
 */

export const PRE_EXPIRY_STEPS = [30, 15, 7, 1, 0] as const;
export const OVERDUE_EVERY_DAYS = 7;
/** Alert dates further away than this have no step yet. */
export const FIRST_STEP_DAYS = 30;

/** The step whose window contains `daysLeft`, or null when the first step is still ahead. */
export function currentStep(daysLeft: number): number | null {
  if (!Number.isInteger(daysLeft)) throw new RangeError('daysLeft must be an integer');
  if (daysLeft > 30) return null;
  if (daysLeft >= 16) return 30;
  if (daysLeft >= 8) return 15;
  if (daysLeft >= 2) return 7;
  if (daysLeft === 1) return 1;
  if (daysLeft > -OVERDUE_EVERY_DAYS) return 0;
  return -OVERDUE_EVERY_DAYS * Math.floor(-daysLeft / OVERDUE_EVERY_DAYS);
}

/** True on a step's own day (30, 15, 7, 1, 0 days before, or a positive multiple of 7 days after). */
export function isStepDay(daysLeft: number): boolean {
  if ((PRE_EXPIRY_STEPS as readonly number[]).includes(daysLeft)) return true;
  return daysLeft < 0 && -daysLeft % OVERDUE_EVERY_DAYS === 0;
}
