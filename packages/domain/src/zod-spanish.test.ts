import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { spanishIssueMessage } from './zod-spanish.ts';

/** The messages a schema without its own gives under the map (as the API and the web install it). */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value, { error: (iss) => spanishIssueMessage(iss as never) });
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('spanishIssueMessage', () => {
  it.each([
    [z.object({ a: z.string() }), {}, 'Este campo es obligatorio.'],
    [z.string().min(1), '', 'Este campo es obligatorio.'],
    [z.string().min(3), 'ab', 'Escribe al menos 3 caracteres.'],
    [z.string().max(5), 'abcdef', 'Máximo 5 caracteres.'],
    [z.number().min(1000), 20, 'El mínimo es 1.000.'],
    [z.number().max(10), 11, 'El máximo es 10.'],
    [z.number().positive(), 0, 'Debe ser mayor que 0.'],
    [z.number(), 'abc', 'Escribe solo números.'],
    [z.coerce.number(), 'abc', 'Escribe solo números.'],
    [z.boolean(), 'x', 'Debe ser sí o no.'],
    [z.email(), 'no-es-correo', 'Escribe un correo válido, p. ej. nombre@correo.com.'],
    [z.enum(['a', 'b']), 'c', 'Elige una de las opciones.'],
    [z.array(z.string()).min(1), [], 'Elige al menos una opción.'],
    [z.strictObject({}), { x: 1 }, 'Campo no permitido: x.'],
  ])('%#: a message in plain Spanish', (schema, value, expected) => {
    expect(messages(schema, value)).toEqual([expected]);
  });

  it("leaves a schema's own message alone", () => {
    expect(messages(z.string().min(1, 'Escribe el nombre.'), '')).toEqual(['Escribe el nombre.']);
  });
});
