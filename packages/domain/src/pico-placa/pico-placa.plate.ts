/** Plate digits as pico y placa reads them. */
import type { DigitSelector } from './pico-placa.rules.ts';

/** Upper-case letters and digits only ('abc-123' → 'ABC123'). */
export function normalizePlate(plate: string): string {
  return plate.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Last or first numeric character of the plate (ABC12D: last → 2, first → 1); undefined without digits. */
export function plateDigit(plate: string, selector: DigitSelector): number | undefined {
  const digits = normalizePlate(plate).match(/\d/g);
  if (!digits) return undefined;
  const char = selector === 'first' ? digits[0] : digits[digits.length - 1];
  return char === undefined ? undefined : Number(char);
}
