import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

describe('dev outbox', () => {
  it('lists messages newest first for one recipient', async () => {
    const t = await createTestApp();
    try {
      for (const [i, correo] of ['uno@correo.com', 'uno@correo.com', 'dos@correo.com'].entries()) {
        t.clock.advance(61_000 * (i + 1));
        await t.app.inject({
          method: 'POST',
          url: '/api/identidad/usuarios/solicitar-codigo-otp/',
          payload: { correo, numero_telefono: '3001112233', aplicacion: 'TOGO', proceso: 'REGISTRO_USUARIO' },
        });
      }
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=UNO@correo.com' });
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list).toHaveLength(2);
      expect(Object.keys(list[0]).sort()).toEqual([
        'attachments',
        'body',
        'channel',
        'code',
        'created',
        'subject',
        'to',
      ]);
      expect(new Date(list[0].created).getTime()).toBeGreaterThan(new Date(list[1].created).getTime());
    } finally {
      await t.close();
    }
  });

  it.each([
    { SMTP_URL: 'smtp://127.0.0.1:2525' },
    { SMS_URL: 'http://127.0.0.1:9/sms' },
    // Production refuses the outbox as a messenger unless ALLOW_DEMO=1; even then the outbox is not served.
    { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), WEB_URL: 'https://togo.example', ALLOW_DEMO: '1' },
  ] as Record<string, string>[])('does not exist with %j', async (env) => {
    const t = await createTestApp({ env });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=a@b.co' });
      expect(res.statusCode).toBe(404);
      const config = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json().outbox).toBe(false);
    } finally {
      await t.close();
    }
  });
});
