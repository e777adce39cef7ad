import { describe, expect, it } from 'vitest';
import { STORAGE_KEY_PATTERN, storageKeyFor } from './file-storage.ts';
import { FileUrlSigner } from './signed-url.ts';

const id = '3f0c2a56-8f3e-4d5b-9a41-0a2b3c4d5e6f';

describe('FileUrlSigner', () => {
  const signer = new FileUrlSigner('s'.repeat(40), 3600);
  const now = new Date('2026-11-22T15:07:00Z');

  it('signs a URL valid for at least the TTL, rounded up to 15 minutes', () => {
    const url = signer.url(id, 'png', now);
    const exp = Number(/exp=(\d+)/.exec(url)?.[1]);
    const sig = /sig=([\w-]+)/.exec(url)?.[1] ?? '';
    expect(exp % 900).toBe(0);
    expect(exp - now.getTime() / 1000).toBeGreaterThanOrEqual(3600);
    expect(exp - now.getTime() / 1000).toBeLessThan(3600 + 900);
    expect(url).toMatch(new RegExp(`^/api/files/${id}\\.png\\?exp=\\d+&sig=`));
    expect(signer.url(id, 'png', new Date(now.getTime() + 60_000))).toBe(url);
    expect(signer.verify(id, exp, sig, now)).toBe(exp - now.getTime() / 1000);
    expect(signer.verify(id, exp, sig, new Date(exp * 1000))).toBeNull();
    expect(signer.verify(id, exp + 1, sig, now)).toBeNull();
    expect(new FileUrlSigner('t'.repeat(40), 3600).verify(id, exp, sig, now)).toBeNull();
    expect(signer.verify(id, exp, `${sig}x`, now)).toBeNull();
  });
});

describe('storage keys', () => {
  it('are generated from the id and never from user input', () => {
    expect(storageKeyFor(id, 'pdf')).toBe(`3f/${id}.pdf`);
    expect(() => storageKeyFor('../../etc/passwd', 'pdf')).toThrow();
    expect(STORAGE_KEY_PATTERN.test(`3f/${id}.exe`)).toBe(false);
  });
});
