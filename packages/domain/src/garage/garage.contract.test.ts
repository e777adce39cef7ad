import { describe, expect, it } from 'vitest';
import { vehicleCreateSchema } from './garage.contract.ts';

const valid = {
  documento_propietario: ' 1020304050 ',
  tipo_documento_propietario: 1,
  placa: 'abc-123',
  kilometraje_digitado: '45210',
  department: 11,
  city: 11001,
};

function errors(value: unknown) {
  const r = vehicleCreateSchema.safeParse(value);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('vehicleCreateSchema (AHGA §3, §5)', () => {
  it('normalises a valid payload', () => {
    expect(vehicleCreateSchema.parse(valid)).toEqual({
      documento_propietario: '1020304050',
      tipo_documento_propietario: 1,
      placa: 'ABC123',
      kilometraje_digitado: 45210,
      department: 11,
      city: 11001,
    });
    expect(
      vehicleCreateSchema.parse({
        ...valid,
        kilometraje_digitado: 0,
        department: '5',
        city: '5001',
        documento_propietario: 'ab12',
      }),
    ).toMatchObject({ kilometraje_digitado: 0, department: 5, city: 5001, documento_propietario: 'AB12' });
  });

  it('says which fields are required', () => {
    expect(errors({})).toEqual({
      documento_propietario: 'Este campo es obligatorio',
      tipo_documento_propietario: 'Este campo es obligatorio',
      placa: 'Este campo es obligatorio',
      kilometraje_digitado: 'Este campo es obligatorio',
      department: 'Este campo es obligatorio',
      city: 'Este campo es obligatorio',
    });
    expect(errors({ ...valid, city: '', placa: null })).toEqual({
      city: 'Este campo es obligatorio',
      placa: 'Este campo es obligatorio',
    });
  });

  it('rejects bad values with Spanish messages', () => {
    expect(errors({ ...valid, placa: 'AB1' })).toEqual({ placa: 'Formato de placa inválido.' });
    expect(errors({ ...valid, kilometraje_digitado: '1.000' })).toEqual({
      kilometraje_digitado: 'Solo se permiten números.',
    });
    expect(errors({ ...valid, kilometraje_digitado: -5 })).toEqual({
      kilometraje_digitado: 'Solo se permiten números.',
    });
    expect(errors({ ...valid, kilometraje_digitado: '12345678' })).toEqual({
      kilometraje_digitado: 'Máximo 7 dígitos.',
    });
    expect(errors({ ...valid, department: 1.5, city: 0, tipo_documento_propietario: [1] })).toEqual({
      department: 'Debe ser un número entero.',
      city: 'Debe ser un número entero.',
      tipo_documento_propietario: 'Debe ser un número entero.',
    });
    expect(errors({ ...valid, documento_propietario: '1'.repeat(21) })).toEqual({
      documento_propietario: 'Máximo 20 caracteres.',
    });
  });
});
