import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CloudWhatsAppSender } from './whatsapp-cloud.sender.ts';
import { WhatsAppSendError } from './whatsapp.ts';

/** A local fake of the Graph API: answers from a queue of scripted responses and records requests. */
type Scripted = { status: number; body: unknown; headers?: Record<string, string> };
let server: Server;
let base: string;
const script: Scripted[] = [];
const seen: { url: string; auth: string | undefined; body: unknown }[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(raw) });
      const next = script.shift() ?? { status: 200, body: { messages: [{ id: 'wamid.OK' }] } };
      res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
      res.end(JSON.stringify(next.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => {
  script.length = 0;
  seen.length = 0;
});

const sleeps: number[] = [];
function sender() {
  sleeps.length = 0;
  return new CloudWhatsAppSender({
    graphUrl: base,
    version: 'v21.0',
    phoneId: '1234567890',
    token: 'tok-123',
    timeoutMs: 2000,
    maxRetries: 2,
    backoffMs: 500,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
}
const message = {
  to: '573101234567',
  template: 'togo_aviso',
  language: 'es',
  parameters: ['Ana', 'SOAT', 'Vence', 'https://x'],
};
const graphError = (code: number, message: string, details?: string) => ({
  error: {
    message,
    type: 'OAuthException',
    code,
    error_data: details ? { details } : undefined,
    fbtrace_id: 'A1',
  },
});

describe('CloudWhatsAppSender against a fake Graph API', () => {
  it('posts a template message with its body parameters and the Bearer token', async () => {
    await sender().send(message);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('/v21.0/1234567890/messages');
    expect(seen[0]?.auth).toBe('Bearer tok-123');
    expect(seen[0]?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '573101234567',
      type: 'template',
      template: {
        name: 'togo_aviso',
        language: { code: 'es' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana' },
              { type: 'text', text: 'SOAT' },
              { type: 'text', text: 'Vence' },
              { type: 'text', text: 'https://x' },
            ],
          },
        ],
      },
    });
  });

  it('fails at once with the reason of a Graph error code (131047, 132001)', async () => {
    script.push({ status: 400, body: graphError(131047, 'Re-engagement message') });
    const err = await sender()
      .send(message)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WhatsAppSendError);
    expect((err as WhatsAppSendError).code).toBe(131047);
    expect((err as WhatsAppSendError).reason).toContain('24 horas');
    expect(seen).toHaveLength(1);

    script.push({ status: 404, body: graphError(132001, 'Template name does not exist in the translation') });
    const missing = (await sender()
      .send(message)
      .catch((e: unknown) => e)) as WhatsAppSendError;
    expect(missing.reason).toContain('plantilla');
  });

  it('retries a 429 (130429) with exponential back-off and Retry-After, then succeeds', async () => {
    script.push(
      { status: 429, body: graphError(130429, 'Rate limit hit') },
      { status: 429, body: graphError(130429, 'Rate limit hit'), headers: { 'retry-after': '3' } },
    );
    await sender().send(message);
    expect(seen).toHaveLength(3);
    expect(sleeps).toEqual([500, 3000]);
  });

  it('gives up after the retries with a rate-limit reason', async () => {
    for (let i = 0; i < 3; i++) script.push({ status: 429, body: graphError(130429, 'Rate limit hit') });
    const err = (await sender()
      .send(message)
      .catch((e: unknown) => e)) as WhatsAppSendError;
    expect(err.reason).toBe('Límite de envíos de WhatsApp alcanzado (130429)');
    expect(seen).toHaveLength(3);
    expect(sleeps).toEqual([500, 1000]);
  });

  it('treats a malformed success body and a non-JSON error as failures', async () => {
    script.push({ status: 200, body: { ok: true } });
    expect(
      (
        (await sender()
          .send(message)
          .catch((e: unknown) => e)) as WhatsAppSendError
      ).reason,
    ).toBe('Respuesta inesperada de WhatsApp');
    script.push({ status: 401, body: 'nope' });
    expect(
      (
        (await sender()
          .send(message)
          .catch((e: unknown) => e)) as WhatsAppSendError
      ).reason,
    ).toContain('401');
  });
});
