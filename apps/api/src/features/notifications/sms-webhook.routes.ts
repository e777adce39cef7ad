import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { OptOutService } from './opt-out.service.ts';
import { signedJsonWebhook } from '../../http/signed-webhook.ts';

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
  signedJsonWebhook(app, {
    path: SMS_WEBHOOK_PATH,
    header: 'x-signature-256',
    secret,
    bodyLimit: 16 * 1024,
    handle: async (json) => {
      const parsed = inboundSmsSchema.safeParse(json);
      if (!parsed.success) throw new AppError(400, { detail: 'Mensaje SMS no reconocido.' });
      await deps.optOut.optOutByReply('sms', parsed.data.from, parsed.data.text);
    },
  });
}
