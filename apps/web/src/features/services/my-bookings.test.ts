import { describe, expect, it } from 'vitest';
import { freeCancelSentence } from './my-bookings.ts';

describe('freeCancelSentence', () => {
  it('ends with one period, also after a deadline written "a. m."', () => {
    const sentence = freeCancelSentence('2026-11-25T12:00:00.000Z'); // 7:00 a. m. in Bogotá
    expect(sentence).toMatch(/^Puedes cancelar o reprogramar sin costo hasta el miércoles, 25 de noviembre/);
    expect(sentence.endsWith('..')).toBe(false);
    expect(sentence.endsWith('.')).toBe(true);
  });
});
