import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { OptOutService } from './opt-out.service.ts';
import { validSignature } from './whatsapp-webhook.routes.ts';

export const SMS_WEBHOOK_PATH = '/api/webhooks/sms/';

const inboundSmsSchema = z.object({ from: z.string().max(32), text: z.string().max(1600) });

/**
 * Inbound SMS replies from the HTTP SMS provider: POST {from, text} signed with
 * `X-Signature-256: sha256=<HMAC-SHA256(raw body, SMS_INBOUND_SECRET)>`. "SALIR" turns SMS off at once.
 * Absent (404) without SMS_INBOUND_SECRET.
 */
export function smsWebhookRoutes(app: FastifyInstance, deps: { optOut: OptOutService; secret?: string }) {
  const { secret } = deps;
  if (!secret) return;
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post(SMS_WEBHOOK_PATH, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const header = req.headers['x-signature-256'];
      if (!validSignature(secret, raw, typeof header === 'string' ? header : undefined)) {
        throw AppError.unauthorized('Firma inválida.');
      }
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError(400, { detail: 'JSON inválido.' });
      }
      const parsed = inboundSmsSchema.safeParse(json);
      if (!parsed.success) throw new AppError(400, { detail: 'Mensaje SMS no reconocido.' });
      await deps.optOut.optOutByReply('sms', parsed.data.from, parsed.data.text);
      return reply.code(200).send({ ok: true });
    });
  });
}
