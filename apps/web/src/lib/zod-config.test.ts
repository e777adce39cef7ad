import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('makes zod jitless (no eval probe under our CSP) when imported before zod', async () => {
    await import('./zod-config.ts');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});

describe('zod-config: Spanish by default (issue 38)', () => {
  it('a check without a message of its own answers in plain Spanish', async () => {
    await import('./zod-config.ts');
    const { z } = await import('zod');
    const result = z
      .object({ nombre: z.string().min(1), precio: z.number() })
      .safeParse({ nombre: '', precio: 'abc' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Este campo es obligatorio.',
      'Escribe solo números.',
    ]);
  });
});
