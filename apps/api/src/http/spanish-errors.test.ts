import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import '../app.ts';
import { toFieldErrors } from './validation.ts';

describe('validation messages (issue 38)', () => {
  it('the app answers a check without a message of its own in plain Spanish, at its field', () => {
    const schema = z.strictObject({ telefono: z.string(), nombre: z.string().min(1), precio: z.number() });
    const result = schema.safeParse({ nombre: '', precio: 'abc', extra: 1 });
    expect(result.success).toBe(false);
    expect(toFieldErrors(result.error!)).toEqual({
      telefono: ['Este campo es obligatorio.'],
      nombre: ['Este campo es obligatorio.'],
      precio: ['Escribe solo números.'],
      non_field_errors: ['Campo no permitido: extra.'],
    });
  });
});
