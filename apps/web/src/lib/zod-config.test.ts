import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('makes zod jitless (no eval probe under our CSP) when imported before zod', async () => {
    await import('./zod-config.ts');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
