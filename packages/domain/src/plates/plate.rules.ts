/**
 * Colombian licence-plate formats. Patterns copied from `../shared/data/vehicles-catalog.json`
 * (`plate_formats`, schema 1.0, compiled 2026-11-22; Art. 44 Ley 769 de 2002 as summarised by the press).
 * Order matters: the first matching format wins, so 'classic' (same pattern as 'car') is never returned
 * by {@link plateFormat}; it is kept for reference.
 */
export const PLATE_FORMATS = [
  { key: 'car', pattern: /^[A-Z]{3}[0-9]{3}$/, example: 'ABC123', group: 'car', confidence: 'high' },
  { key: 'moto', pattern: /^[A-Z]{3}[0-9]{2}[A-Z]$/, example: 'ABC12D', group: 'moto', confidence: 'high' },
  { key: 'moto_old', pattern: /^[A-Z]{3}[0-9]{2}$/, example: 'ABC12', group: 'moto', confidence: 'medium' },
  {
    key: 'motocarro',
    pattern: /^[0-9]{3}[A-Z]{3}$/,
    example: '123ABC',
    group: 'motocarro',
    confidence: 'low',
  },
  { key: 'trailer', pattern: /^[RS][0-9]{5}$/, example: 'R12345', group: 'trailer', confidence: 'high' },
  { key: 'diplomatic', pattern: /^[A-Z]{2}[0-9]{4}$/, example: 'CD1234', group: 'car', confidence: 'medium' },
  { key: 'temporary_cargo', pattern: /^T[0-9]{4}$/, example: 'T1234', group: 'car', confidence: 'low' },
  { key: 'classic', pattern: /^[A-Z]{3}[0-9]{3}$/, example: 'ABC123', group: 'car', confidence: 'medium' },
] as const;

export type PlateFormatKey = (typeof PLATE_FORMATS)[number]['key'];
/** What kind of vehicle a plate format belongs to. */
export type PlateGroup = (typeof PLATE_FORMATS)[number]['group'];

export const PLATE_INVALID_MESSAGE = 'Formato de placa inválido.';
/** Longest plate of any format (R12345 / ABC123); longer input is rejected before matching. */
export const PLATE_MAX_LENGTH = 6;

/** Upper-cases and removes spaces and hyphens: ' abc-123 ' → 'ABC123'. */
export function normalizePlate(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]+/g, '');
}

/** The format key of a plate (normalised first), or null when it matches none. */
export function plateFormat(plate: string): PlateFormatKey | null {
  const p = normalizePlate(plate);
  if (p.length > PLATE_MAX_LENGTH) return null;
  for (const f of PLATE_FORMATS) if (f.pattern.test(p)) return f.key;
  return null;
}

export function isValidPlate(plate: string): boolean {
  return plateFormat(plate) !== null;
}

/** 'car' | 'moto' | 'motocarro' | 'trailer' for a valid plate, null otherwise. */
export function plateGroup(plate: string): PlateGroup | null {
  const key = plateFormat(plate);
  return key ? (PLATE_FORMATS.find((f) => f.key === key)?.group ?? null) : null;
}
