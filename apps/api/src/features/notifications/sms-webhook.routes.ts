import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { InboundReplyService } from './inbound-reply.service.ts';
import { signedJsonWebhook } from '../../http/signed-webhook.ts';

export const SMS_WEBHOOK_PATH = '/api/webhooks/sms/';

const inboundSmsSchema = z.object({
  /** The provider's message id: a second delivery of the same id changes nothing. */
  id: z.string().min(1).max(200),
  /** When the message was sent, Unix seconds: older than 5 minutes is refused. */
  timestamp: z.number().int().nonnegative().max(1e11),
  from: z.string().max(32),
  text: z.string().max(1600),
});

/**
 * Inbound SMS replies from the HTTP SMS provider: POST {id, timestamp, from, text} signed with
 * `X-Signature-256: sha256=<HMAC-SHA256(raw body, SMS_INBOUND_SECRET)>`. "SALIR" turns SMS off at once.
 * A message older than 5 minutes is a 400; a message id seen before answers 200 and changes nothing
 * (decision 069). Absent (404) without SMS_INBOUND_SECRET.
 */
export function smsWebhookRoutes(
  app: FastifyInstance,
  deps: { replies: InboundReplyService; secret?: string | undefined },
) {
  const { secret } = deps;
  if (!secret) return;
  signedJsonWebhook(app, {
    summary: 'Webhook de SMS: respuestas de los usuarios (firmado)',
    path: SMS_WEBHOOK_PATH,
    header: 'x-signature-256',
    secret,
    bodyLimit: 16 * 1024,
    handle: async (json) => {
      const parsed = inboundSmsSchema.safeParse(json);
      if (!parsed.success) throw new AppError(400, { detail: 'Mensaje SMS no reconocido.' });
      const { id, timestamp, from, text } = parsed.data;
      const outcome = await deps.replies.handle('sms', {
        id,
        sentAt: new Date(timestamp * 1000),
        from,
        text,
      });
      if (outcome === 'stale') {
        throw new AppError(400, { detail: 'Mensaje SMS vencido: tiene más de 5 minutos.' });
      }
    },
  });
}
