import { z } from 'zod';
import { WhatsAppSendError, type WhatsAppSender, type WhatsAppTemplateMessage } from './whatsapp.ts';

export interface CloudWhatsAppOptions {
  graphUrl: string;
  version: string;
  phoneId: string;
  token: string;
  timeoutMs: number;
  /** Retries after a rate limit (HTTP 429, codes 130429/131056/80007) or a 5xx; then the send fails. */
  maxRetries?: number;
  /** First back-off; doubled each retry, or the server's Retry-After when longer. */
  backoffMs?: number;
  /** Injected so tests do not wait. */
  sleep?: (ms: number) => Promise<void>;
}

/** Graph API error body: {error: {message, type, code, error_subcode?, error_data?: {details}, fbtrace_id}}. */
const graphErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    code: z.number().optional(),
    error_data: z.object({ details: z.string().optional() }).optional(),
  }),
});
const sentSchema = z.object({ messages: z.array(z.object({ id: z.string() })).min(1) });

/** Rate limits of the Cloud API: throughput (130429), pair rate (131056), app/business (80007). */
const RATE_LIMIT_CODES = new Set([130429, 131056, 80007, 4]);

/** Reasons shown in the delivery log for the codes a user can act on. */
const REASONS: Record<number, string> = {
  131026: 'WhatsApp no pudo entregar el mensaje (el número no usa WhatsApp)',
  131047: 'Han pasado más de 24 horas desde la última respuesta del usuario',
  132000: 'Los parámetros no coinciden con la plantilla aprobada',
  132001: 'La plantilla no existe o no está aprobada',
  131051: 'Tipo de mensaje no admitido',
  190: 'El token de WhatsApp no es válido o venció',
  10: 'Permiso denegado por WhatsApp',
};

const sleepReal = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * WhatsApp Business Cloud API: POST {graph}/{version}/{phone id}/messages with an approved template and its
 * body parameters, Bearer token. Rate limits and 5xx are retried with exponential back-off; any other error
 * fails at once with the Graph error code in the reason.
 */
export class CloudWhatsAppSender implements WhatsAppSender {
  readonly name = 'cloud' as const;
  constructor(private readonly o: CloudWhatsAppOptions) {}

  async send(message: WhatsAppTemplateMessage): Promise<void> {
    const url = `${this.o.graphUrl.replace(/\/$/, '')}/${this.o.version}/${this.o.phoneId}/messages`;
    const body = JSON.stringify({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: message.to,
      type: 'template',
      template: {
        name: message.template,
        language: { code: message.language },
        components: [
          { type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) },
        ],
      },
    });
    const retries = this.o.maxRetries ?? 3;
    const sleep = this.o.sleep ?? sleepReal;
    let delay = this.o.backoffMs ?? 1000;
    for (let attempt = 0; ; attempt += 1) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${this.o.token}`, 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(this.o.timeoutMs),
        });
      } catch {
        if (attempt < retries) {
          await sleep(delay);
          delay *= 2;
          continue;
        }
        throw new WhatsAppSendError('WhatsApp no respondió a tiempo');
      }
      const json: unknown = await res.json().catch(() => null);
      if (res.ok) {
        if (sentSchema.safeParse(json).success) return;
        throw new WhatsAppSendError('Respuesta inesperada de WhatsApp');
      }
      const err = graphErrorSchema.safeParse(json);
      const code = err.success ? (err.data.error.code ?? null) : null;
      const limited = res.status === 429 || (code !== null && RATE_LIMIT_CODES.has(code));
      if ((limited || res.status >= 500) && attempt < retries) {
        const retryAfter = Number(res.headers.get('retry-after'));
        await sleep(
          Number.isFinite(retryAfter) && retryAfter > 0 ? Math.max(delay, retryAfter * 1000) : delay,
        );
        delay *= 2;
        continue;
      }
      if (limited)
        throw new WhatsAppSendError(`Límite de envíos de WhatsApp alcanzado (${code ?? 429})`, code);
      const known = code !== null ? REASONS[code] : undefined;
      const detail = err.success ? (err.data.error.error_data?.details ?? err.data.error.message) : undefined;
      throw new WhatsAppSendError(
        `${known ?? detail ?? `WhatsApp respondió ${res.status}`} (código ${code ?? res.status})`,
        code,
      );
    }
  }
}
