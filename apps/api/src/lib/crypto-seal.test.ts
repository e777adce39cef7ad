import { describe, expect, it } from 'vitest';
import { openText, sealText } from './crypto.ts';

const SECRET = 's'.repeat(40);

describe('sealText / openText', () => {
  it('round-trips, with a fresh IV each time', () => {
    const a = sealText(SECRET, 'staff-totp', 'JBSWY3DPEHPK3PXP');
    expect(a).toMatch(/^v1\./);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealText(SECRET, 'staff-totp', 'JBSWY3DPEHPK3PXP')).not.toBe(a);
    expect(openText(SECRET, 'staff-totp', a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('answers null for another secret or purpose, an altered text or garbage', () => {
    const a = sealText(SECRET, 'staff-totp', 'JBSWY3DPEHPK3PXP');
    expect(openText('t'.repeat(40), 'staff-totp', a)).toBeNull();
    expect(openText(SECRET, 'otro', a)).toBeNull();
    const parts = a.split('.');
    parts[3] = Buffer.from('JBSWY3DPEHPK3PXQ').toString('base64url');
    expect(openText(SECRET, 'staff-totp', parts.join('.'))).toBeNull();
    expect(openText(SECRET, 'staff-totp', 'JBSWY3DPEHPK3PXP')).toBeNull();
  });
});
