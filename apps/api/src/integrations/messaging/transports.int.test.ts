import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { sendJson, startLocalServer } from '../../test/local-server.ts';
import { HttpSmsMessenger } from './sms-http.messenger.ts';
import { SmtpMessenger } from './smtp.messenger.ts';

/** A minimal SMTP server on 127.0.0.1 that records what it receives. */
async function startFakeSmtp() {
  const received: string[] = [];
  const server: Server = createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let idx: number;
      while ((idx = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, idx);
        buffer = buffer.slice(idx + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 OK queued\r\n');
          } else received.push(line);
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (cmd === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (cmd === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

describe('SMTP transport', () => {
  it('delivers the Spanish message to the SMTP server', async () => {
    const smtp = await startFakeSmtp();
    cleanups.push(smtp.close);
    const m = new SmtpMessenger(
      `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      'TOGO <no-responder@togo.com.co>',
    );
    await m.send({
      to: 'ana@correo.com',
      channel: 'email',
      subject: 'Tu código',
      body: 'Tu código es 1234.',
    });
    const text = smtp.received.join('\n');
    expect(text).toMatch(/^To: ana@correo.com$/m);
    expect(text).toMatch(/^Subject: /m);
    // Non-ASCII text travels quoted-printable: 'ó' is =C3=B3.
    expect(text).toContain('Tu c=C3=B3digo es 1234.');
  });
});

describe('SMS over HTTP', () => {
  it('posts the number with +57 and the text, with the bearer token', async () => {
    let auth = '';
    const server = await startLocalServer((req, _body, res) => {
      auth = req.headers.authorization ?? '';
      sendJson(res, 200, { ok: true });
    });
    cleanups.push(server.close);
    await new HttpSmsMessenger(`${server.url}/sms`, 'secreto').send({
      to: '3001234567',
      channel: 'sms',
      body: 'TOGO: tu código es 1234.',
    });
    expect(JSON.parse(server.requests[0]?.body ?? '{}')).toEqual({
      to: '+573001234567',
      message: 'TOGO: tu código es 1234.',
    });
    expect(auth).toBe('Bearer secreto');
  });

  it('fails loudly when the provider refuses', async () => {
    const server = await startLocalServer((_req, _body, res) => sendJson(res, 500, {}));
    cleanups.push(server.close);
    await expect(
      new HttpSmsMessenger(`${server.url}/sms`, undefined).send({
        to: '3001234567',
        channel: 'sms',
        body: 'x',
      }),
    ).rejects.toThrow(/500/);
  });
});
