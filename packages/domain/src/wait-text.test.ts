import { describe, expect, it } from 'vitest';
import { WAIT_IN_TEXT, waitText } from './wait-text.ts';

describe('waitText', () => {
  it('writes seconds up to 90 s, then whole minutes rounded up', () => {
    expect(waitText(1)).toBe('1 segundo');
    expect(waitText(0.2)).toBe('1 segundo');
    expect(waitText(45)).toBe('45 segundos');
    expect(waitText(90)).toBe('90 segundos');
    expect(waitText(91)).toBe('2 minutos');
    expect(waitText(2855)).toBe('48 minutos');
    expect(waitText(3600)).toBe('60 minutos');
  });

  it('is found inside a message', () => {
    expect('Intenta de nuevo en 48 minutos.'.match(WAIT_IN_TEXT)?.[0]).toBe('48 minutos');
    expect('Debes esperar 1 segundo antes'.match(WAIT_IN_TEXT)?.[0]).toBe('1 segundo');
  });
});
