import { z } from 'zod';

/** GET /api/config — public, unauthenticated settings the web app needs at run time. */
export const publicConfigSchema = z.object({
  /** Product web URL (copied by 'Copiar link' on user-type/inicio-empresas). */
  web_url: z.string(),
  google_client_id: z.string().nullable(),
  facebook_app_id: z.string().nullable(),
  facebook_api_version: z.string(),
  /** True when messages go to the development outbox (/dev/outbox page exists). */
  outbox: z.boolean(),
  /** Map tiles ('https://…/{z}/{x}/{y}.png'); null = branch maps show markers without a background. */
  map_tile_url: z.string().nullable(),
  /** Attribution the tile server requires (HTML allowed by Leaflet; plain text here). */
  map_tile_attribution: z.string(),
  /** True when a production deployment runs with ALLOW_DEMO=1: every screen shows 'Modo demostración'. */
  demo_mode: z.boolean().optional(),
  /** Local time (HH:mm, America/Bogota) of the evening-before pico y placa notice (decision 041). */
  pico_placa_aviso: z.string().optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const outboxMessageSchema = z.object({
  to: z.string(),
  /** WhatsApp templates go to the development outbox too (integrations/messaging/whatsapp.ts). */
  channel: z.enum(['email', 'sms', 'whatsapp']),
  subject: z.string().nullable(),
  body: z.string(),
  code: z.string().nullable(),
  created: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
