import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.ts';

async function headersOf(hsts: boolean, url: string, scriptHashes?: string[]) {
  const app = Fastify();
  registerSecurityHeaders(app, { hsts, scriptHashes });
  app.get('/', async () => 'página');
  app.get('/app', async () => 'página');
  app.get('/api/x', async () => ({ ok: true }));
  const res = await app.inject({ url });
  await app.close();
  return res.headers;
}

describe('security headers (helmet, computed once)', () => {
  it('gives pages the app CSP and the shared protections', async () => {
    for (const url of ['/', '/app']) {
      const h = await headersOf(false, url);
      expect(h['content-security-policy']).toBe(
        "default-src 'self';script-src 'self' https://accounts.google.com https://connect.facebook.net;" +
          "style-src 'self' 'unsafe-inline' https://accounts.google.com;img-src 'self' data: blob: https:;" +
          "font-src 'self' data:;connect-src 'self' https://accounts.google.com https://graph.facebook.com;" +
          "frame-src 'self' https:;worker-src 'self';manifest-src 'self';object-src 'none';base-uri 'self';" +
          "form-action 'self';frame-ancestors 'self'",
      );
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['x-frame-options']).toBe('SAMEORIGIN');
      expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(h['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(h['cross-origin-resource-policy']).toBe('same-origin');
      expect(h['x-dns-prefetch-control']).toBe('off');
      expect(h['origin-agent-cluster']).toBe('?1');
      expect(h['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(self), payment=(self)');
      expect(h['strict-transport-security']).toBeUndefined();
    }
  });

  it("allows the build's inline scripts by their hashes on pages only, never 'unsafe-inline'", async () => {
    const hashes = ["'sha256-AAAA'", "'sha256-BBBB'"];
    const page = (await headersOf(false, '/app', hashes))['content-security-policy'];
    expect(page).toContain(
      "script-src 'self' https://accounts.google.com https://connect.facebook.net 'sha256-AAAA' 'sha256-BBBB';",
    );
    expect(page).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect((await headersOf(false, '/api/x', hashes))['content-security-policy']).not.toContain('sha256');
  });

  it('gives API answers a CSP that loads and frames nothing', async () => {
    const h = await headersOf(false, '/api/x');
    expect(h['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(h['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS only when asked (production)', async () => {
    for (const url of ['/', '/api/x']) {
      expect((await headersOf(true, url))['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });
});
