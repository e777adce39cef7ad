import { describe, expect, it } from 'vitest';
import { isValidPlate, normalizePlate, PLATE_FORMATS, plateFormat, plateGroup } from './plate.rules.ts';

describe('normalizePlate', () => {
  it('upper-cases and removes spaces and hyphens', () => {
    expect(normalizePlate(' abc-123 ')).toBe('ABC123');
    expect(normalizePlate('abc 12d')).toBe('ABC12D');
    expect(normalizePlate('r-12 345')).toBe('R12345');
    expect(normalizePlate('')).toBe('');
  });
});

describe('plateFormat', () => {
  it.each([
    ['ABC123', 'car'],
    ['abc 123', 'car'],
    ['ABC12D', 'moto'],
    ['XYZ12', 'moto_old'],
    ['123ABC', 'motocarro'],
    ['R12345', 'trailer'],
    ['S54321', 'trailer'],
    ['CD1234', 'diplomatic'],
    ['T1234', 'temporary_cargo'],
  ])('%s → %s', (plate, key) => {
    expect(plateFormat(plate)).toBe(key);
    expect(isValidPlate(plate)).toBe(true);
  });

  it.each([
    '',
    'A1',
    'AB12',
    'ABC1234',
    'ABCDEF',
    '123456',
    'ÑAB123',
    'AB-12',
    '12ABC3',
    'ABC!23',
    'R1234X',
    'X12345',
    'ABC12DE',
  ])('rejects %j', (plate) => {
    expect(plateFormat(plate)).toBeNull();
    expect(isValidPlate(plate)).toBe(false);
  });

  it('never answers classic (same pattern as car) and groups plates by vehicle kind', () => {
    expect(PLATE_FORMATS.map((f) => f.key)).toContain('classic');
    expect(plateFormat('ABC123')).toBe('car');
    expect(plateGroup('ABC12D')).toBe('moto');
    expect(plateGroup('XYZ12')).toBe('moto');
    expect(plateGroup('R12345')).toBe('trailer');
    expect(plateGroup('???')).toBeNull();
  });

  it('matches the examples of every format in the catalogue', () => {
    for (const f of PLATE_FORMATS) expect(f.pattern.test(f.example)).toBe(true);
  });
});
