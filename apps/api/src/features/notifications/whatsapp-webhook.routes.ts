import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { signedJsonWebhook } from '../../http/signed-webhook.ts';
import type { InboundReplyService } from './inbound-reply.service.ts';

export const WHATSAPP_WEBHOOK_PATH = '/api/webhooks/whatsapp/';

/** The parts of a Cloud API "messages" webhook we read; anything else in it is ignored. */
const inboundSchema = z.object({
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              value: z
                .object({
                  messages: z
                    .array(
                      z.object({
                        id: z.string().min(1).max(256),
                        /** Unix seconds, as a string (Cloud API). */
                        timestamp: z.string().regex(/^\d{1,11}$/),
                        from: z.string().max(32),
                        type: z.string(),
                        text: z.object({ body: z.string().max(4096) }).optional(),
                        button: z.object({ text: z.string().max(256) }).optional(),
                      }),
                    )
                    .max(100)
                    .optional(),
                })
                .optional(),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});

/**
 * Inbound WhatsApp webhook (Meta): GET answers the verification challenge when hub.verify_token matches;
 * POST is accepted only with a valid X-Hub-Signature-256 (HMAC-SHA256 of the raw body with the app secret).
 * A "SALIR" reply turns WhatsApp off for that number at once. Each message counts once: a message older than
 * 5 minutes or whose id was seen before is skipped (decision 069); the delivery still answers 200, so Meta does
 * not resend the fresh messages beside it. Absent (404) until both settings are set.
 */
export function whatsappWebhookRoutes(
  app: FastifyInstance,
  deps: { replies: InboundReplyService; verifyToken?: string | undefined; appSecret?: string | undefined },
) {
  const { verifyToken, appSecret } = deps;
  if (!verifyToken || !appSecret) return;

  app.get(
    WHATSAPP_WEBHOOK_PATH,
    { schema: { summary: 'Webhook de WhatsApp: verificación de la suscripción' } },
    async (req, reply) => {
      const q = req.query as Record<string, unknown>;
      const token = typeof q['hub.verify_token'] === 'string' ? q['hub.verify_token'] : '';
      const challenge = typeof q['hub.challenge'] === 'string' ? q['hub.challenge'] : '';
      const a = Buffer.from(token);
      const b = Buffer.from(verifyToken);
      const ok = q['hub.mode'] === 'subscribe' && a.length === b.length && timingSafeEqual(a, b);
      if (!ok || !/^[\w-]{1,200}$/.test(challenge)) throw AppError.forbidden();
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  signedJsonWebhook(app, {
    summary: 'Webhook de WhatsApp: respuestas de los usuarios (firmado)',
    path: WHATSAPP_WEBHOOK_PATH,
    header: 'x-hub-signature-256',
    secret: appSecret,
    bodyLimit: 256 * 1024,
    handle: async (json) => {
      const parsed = inboundSchema.safeParse(json);
      if (!parsed.success) throw new AppError(400, { detail: 'Evento de WhatsApp no reconocido.' });
      for (const entry of parsed.data.entry) {
        for (const change of entry.changes) {
          for (const m of change.value?.messages ?? []) {
            const text = m.text?.body ?? m.button?.text;
            if (!text) continue;
            const sentAt = new Date(Number(m.timestamp) * 1000);
            await deps.replies.handle('whatsapp', { id: m.id, sentAt, from: m.from, text });
          }
        }
      }
    },
  });
}
