import { types } from 'node:util';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginRequestSchema, otpRequestSchema } from '@togo/domain/auth/auth.contract';
import { garageFormSchema } from '../features/garage/garage-form-schema.ts';
import { lazySchema } from './lazy-schema.ts';

function counted<T extends object>(build: () => T) {
  const calls = { count: 0 };
  const schema = lazySchema(() => {
    calls.count += 1;
    return build();
  });
  return { schema, calls };
}

describe('lazySchema', () => {
  it('builds the schema on its first use, once', () => {
    const { schema, calls } = counted(() => z.object({ placa: z.string().min(6) }));
    expect(calls.count).toBe(0);
    expect(schema.safeParse({ placa: 'ABC123' }).success).toBe(true);
    expect(schema.safeParse({ placa: 'A' }).success).toBe(false);
    expect(calls.count).toBe(1);
  });

  it('behaves as the real schema: nested, extended, picked, checked with instanceof and in', () => {
    const vehicle = lazySchema(() => z.object({ placa: z.string(), modelo: z.number().int() }));
    const owner = lazySchema(() => z.object({ nombre: z.string(), vehiculo: vehicle }));
    const withColor = vehicle.extend({ color: z.string() });

    expect(owner.parse({ nombre: 'Ana', vehiculo: { placa: 'ABC123', modelo: 2020 } })).toEqual({
      nombre: 'Ana',
      vehiculo: { placa: 'ABC123', modelo: 2020 },
    });
    expect(owner.safeParse({ nombre: 'Ana', vehiculo: { placa: 'ABC123', modelo: 'x' } }).success).toBe(
      false,
    );
    expect(withColor.parse({ placa: 'ABC123', modelo: 2020, color: 'rojo' }).color).toBe('rojo');
    expect(Object.keys(vehicle.shape)).toEqual(['placa', 'modelo']);
    expect(vehicle.pick({ placa: true }).parse({ placa: 'ABC123', modelo: 1 })).toEqual({ placa: 'ABC123' });
    expect(vehicle instanceof z.ZodObject).toBe(true);
    expect('_zod' in vehicle).toBe(true);
    expect(vehicle.optional().parse(undefined)).toBeUndefined();
  });

  it('answers for discriminated unions and the standard schema interface', async () => {
    const email = lazySchema(() => z.object({ type: z.literal('email'), correo: z.string().email() }));
    const phone = lazySchema(() => z.object({ type: z.literal('phone'), celular: z.string() }));
    const contact = lazySchema(() => z.discriminatedUnion('type', [email, phone]));

    expect(contact.parse({ type: 'phone', celular: '3001234567' })).toEqual({
      type: 'phone',
      celular: '3001234567',
    });
    expect(contact.safeParse({ type: 'fax' }).success).toBe(false);
    const result = await contact['~standard'].validate({ type: 'email', correo: 'no' });
    expect('issues' in result && result.issues?.length).toBeGreaterThan(0);
  });

  it('can be listed and spread without breaking the proxy invariants', () => {
    const schema = lazySchema(() => z.string().min(2));
    expect(() => Object.keys(schema)).not.toThrow();
    expect(() => ({ ...schema })).not.toThrow();
    expect(Object.getOwnPropertyDescriptor(schema, '_zod')).toBeDefined();
  });

  it('reports an error thrown while building at the first use, not at import', () => {
    const schema = lazySchema((): z.ZodString => {
      throw new Error('mal declarado');
    });
    expect(() => schema.parse('x')).toThrow('mal declarado');
  });
});

describe("the domain's and the web's schemas", () => {
  it('are lazy (vite-lazy-schemas.ts applies to the tests as to the build) and still validate', () => {
    expect(types.isProxy(garageFormSchema)).toBe(true);
    expect(types.isProxy(loginRequestSchema)).toBe(true);
    expect(types.isProxy(otpRequestSchema)).toBe(true);
    expect(loginRequestSchema.safeParse({}).success).toBe(false);
  });
});
