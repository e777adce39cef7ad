import { addDays } from '@togo/domain/pico-placa/pico-placa.calendar';
import { evaluatePicoPlacaDay } from '@togo/domain/pico-placa/pico-placa.engine';
import type { PicoPlacaCity, PicoPlacaVehicleType } from '@togo/domain/pico-placa/pico-placa.rules';

export const PREVIEW_DAYS = 30;
export const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

export type PreviewCell =
  { status: 'restricted'; windows: string } | { status: 'not_restricted' } | { status: 'unknown' };

export interface PreviewRow {
  date: string;
  cells: PreviewCell[];
  /** The rules that restrict some digit that day (issue 38: which rule wins when periods overlap). */
  rules: string[];
}

/** A sample plate whose first and last digits are both `digit` (rules select either). */
export const samplePlate = (digit: number) => `ABC${digit}${digit}${digit}`;

/**
 * The next PREVIEW_DAYS days from `today` for sample plates ending in 0–9, computed in the browser with the
 * domain's engine on the rules being edited (nothing is saved): restricted (with its hours), free, or unknown.
 */
export function previewCity(
  city: PicoPlacaCity,
  today: string,
  vehicleType: PicoPlacaVehicleType = 'particular',
): PreviewRow[] {
  // Holidays come from the engine's own holiday source (decision 081).
  const data = { cities: [city] };
  return Array.from({ length: PREVIEW_DAYS }, (_, i) => {
    const date = addDays(today, i);
    const rules = new Set<string>();
    const cells = DIGITS.map((digit): PreviewCell => {
      const result = evaluatePicoPlacaDay(
        { plate: samplePlate(digit), vehicleType, cityKey: city.key, date },
        data,
      );
      for (const restriction of result.restrictions ?? []) rules.add(restriction.rule.id);
      if (result.status === 'restricted') {
        const windows = (result.windows ?? []).map((w) => `${w.start}–${w.end}`).join(', ');
        return { status: 'restricted', windows };
      }
      return { status: result.status };
    });
    return { date, cells, rules: [...rules].sort() };
  });
}
