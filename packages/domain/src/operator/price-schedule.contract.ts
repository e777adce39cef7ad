import { z } from 'zod';
import { isoDateSchema } from '../content/blog.contract.ts';
import { PRICE_KINDS, priceSchema } from './operator-ops.contract.ts';

/**
 * Prices scheduled from a date (issue 38, decision 118): a price set in the console to take effect on a future day
 * in Bogotá. From that day on, the first quote, booking or console read applies it to the price row (its version
 * moves, like a console save) and it shows as applied; until then it can be cancelled.
 */

export const PRICE_SCHEDULE_MSG = {
  future: 'La fecha debe ser posterior a hoy (hora de Bogotá).',
  notPending: 'Este cambio programado ya se aplicó o se canceló.',
} as const;

/** POST /api/operador/precios/programados/ */
export const priceScheduleInputSchema = z.strictObject({
  tipo: z.enum(PRICE_KINDS, { error: 'Elige una de las opciones.' }),
  clave: z
    .string({ error: 'Este campo es obligatorio.' })
    .trim()
    .min(1, 'Este campo es obligatorio.')
    .max(60, 'Máximo 60 caracteres.')
    .refine((v) => !v.includes('\u0000'), 'Caracteres no permitidos.'),
  precio: priceSchema,
  vigente_desde: isoDateSchema,
});
export type PriceScheduleInput = z.infer<typeof priceScheduleInputSchema>;

export const PRICE_SCHEDULE_STATES = ['pendiente', 'aplicado', 'cancelado'] as const;

export const priceScheduleSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(PRICE_KINDS),
  clave: z.string(),
  /** The row's name as the console shows it (vehicle class, combo, trámite). */
  nombre: z.string(),
  precio: z.number().int(),
  /** The row's price today, before this change takes effect. */
  precio_actual: z.number().int(),
  vigente_desde: z.string(),
  estado: z.enum(PRICE_SCHEDULE_STATES),
  creado_por: z.string(),
});
export type PriceSchedule = z.infer<typeof priceScheduleSchema>;

/** GET /api/operador/precios/programados/: pending changes, soonest first. */
export const priceScheduleListSchema = z.object({ results: z.array(priceScheduleSchema) });
export type PriceScheduleList = z.infer<typeof priceScheduleListSchema>;

export const PRICE_SCHEDULE_PATHS = {
  list: '/api/operador/precios/programados/',
  one: (id: number) => `/api/operador/precios/programados/${id}/`,
} as const;
