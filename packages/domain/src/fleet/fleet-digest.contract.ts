import { z } from 'zod';

/** The weekly digest email to a fleet's administrators (issue 16, decision 038). */

export const FLEET_DIGEST_SETTINGS_PATH = '/api/togo/empresa/resumen-semanal/';
/** POST: this week's digest, now, to the administrador who asks (issue 37); Monday's send is unchanged. */
export const FLEET_DIGEST_PREVIEW_PATH = '/api/togo/empresa/resumen-semanal/vista-previa/';

export const FLEET_DIGEST_MSG = {
  activoRequired: 'Indica si el resumen semanal está activo (true o false).',
  subject: (empresa: string) => `Resumen semanal de tu flota — ${empresa}`,
  previewSubject: (empresa: string) => `Vista previa: Resumen semanal de tu flota — ${empresa}`,
  previewSent: (email: string) => `Te enviamos la vista previa a ${email}.`,
} as const;

/** GET answer and PUT body: whether the digest is sent. */
export const fleetDigestSettingsSchema = z.object({
  activo: z.boolean({ error: FLEET_DIGEST_MSG.activoRequired }),
});
export type FleetDigestSettings = z.infer<typeof fleetDigestSettingsSchema>;

/** POST vista-previa answer: where the preview went. */
export const fleetDigestPreviewSchema = z.object({ enviado_a: z.string() });
export type FleetDigestPreview = z.infer<typeof fleetDigestPreviewSchema>;
