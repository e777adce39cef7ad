import { z } from 'zod';

/** The weekly digest email to a fleet's administrators (issue 16, decision 038). */

export const FLEET_DIGEST_SETTINGS_PATH = '/api/togo/empresa/resumen-semanal/';

export const FLEET_DIGEST_MSG = {
  activoRequired: 'Indica si el resumen semanal está activo (true o false).',
  subject: (empresa: string) => `Resumen semanal de tu flota — ${empresa}`,
} as const;

/** GET answer and PUT body: whether the digest is sent. */
export const fleetDigestSettingsSchema = z.object({
  activo: z.boolean({ error: FLEET_DIGEST_MSG.activoRequired }),
});
export type FleetDigestSettings = z.infer<typeof fleetDigestSettingsSchema>;
