import { z } from 'zod';
import { isValidIsoDate } from './pico-placa.calendar.ts';
import { ConfidenceSchema, PicoPlacaResultStatusSchema } from './pico-placa.rules.ts';

/**
 * Wire contract of GET /api/togo/pico-placa/?id_garaje={id}&fecha=YYYY-MM-DD (token): today's (or a given
 * day's) pico y placa for one of the user's vehicles, how sure TOGO is of it and where it comes from (issue 33,
 * decision 080), plus the city's own embedded page (AHGA §2 'pico-placa').
 */

export const PICO_PLACA_IFRAME_HEIGHT = 600;
/** AHGA §9 'Fallback city Bogota'. */
export const PICO_PLACA_DEFAULT_SLUG = 'bogota';
/** Name of the url_configs entry holding the embedded page's base URL. */
export const PICO_PLACA_BASE_URL_NAME = 'pico_placa_base';
export const PICO_PLACA_DEFAULT_BASE_URL = 'https://www.pyphoy.com';

export const PICO_PLACA_MESSAGES = {
  required: 'Este campo es obligatorio.',
  integer: 'Debe ser un número entero.',
  badDate: 'Fecha inválida. Usa el formato AAAA-MM-DD.',
} as const;

export const picoPlacaQuerySchema = z.object({
  id_garaje: z
    .string({ error: PICO_PLACA_MESSAGES.required })
    .trim()
    .regex(/^\d{1,9}$/, PICO_PLACA_MESSAGES.integer)
    .transform(Number),
  fecha: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidIsoDate(v), PICO_PLACA_MESSAGES.badDate)
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
});
export type PicoPlacaQuery = z.output<typeof picoPlacaQuerySchema>;

export const picoPlacaVentanaSchema = z.object({
  /** 'HH:MM' */
  inicio: z.string(),
  /** 'HH:MM', exclusive; '24:00' = until midnight. */
  fin: z.string(),
});
export type PicoPlacaVentana = z.infer<typeof picoPlacaVentanaSchema>;

/** How sure the answer is (decision 080); 'sin_informacion' exactly when status is 'unknown'. */
export const PICO_PLACA_CERTEZAS = ['vigente', 'por_confirmar', 'sin_informacion'] as const;
export const picoPlacaCertezaSchema = z.enum(PICO_PLACA_CERTEZAS);
export type PicoPlacaCerteza = z.infer<typeof picoPlacaCertezaSchema>;

export const picoPlacaReglaSchema = z.object({
  id: z.string(),
  confidence: ConfidenceSchema,
  sources: z.array(z.string()),
});

export const picoPlacaResponseSchema = z.object({
  /**
   * The evaluated day, 'YYYY-MM-DD' in Bogotá. Always sent; optional only for answers an older server left in
   * the service worker's cache. A cached answer of another day is not today's (decision 040).
   */
  fecha: z.string().optional(),
  status: PicoPlacaResultStatusSchema,
  /** The vehicle's city (id = DANE code as an integer, name = everyday name); null when it has none. */
  ciudad: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /**
   * Slug of the city's own embedded page; null when the city has none (never another city's page, issue 33).
   * The fields added by issue 33 have defaults only for answers an older server left in the service worker's cache.
   */
  slug: z.string().nullable(),
  /** Configured base URL + '/' + slug; null with slug. */
  url: z.string().nullable(),
  iframe_height: z.literal(PICO_PLACA_IFRAME_HEIGHT),
  mensaje: z.string(),
  /** Restricted windows of that calendar day (empty unless restricted). */
  ventanas: z.array(picoPlacaVentanaSchema),
  /** The rule restricting the plate that day, or null. */
  regla: picoPlacaReglaSchema.nullable(),
  /** vigente / por_confirmar / sin_informacion (decision 080). An old cached answer said nothing: por confirmar. */
  certeza: picoPlacaCertezaSchema.default('por_confirmar'),
  /** The holiday's name when `fecha` is a Colombian public holiday, else null. */
  festivo: z.string().nullable().default(null),
  /** URLs of the rules used; empty only when sin_informacion. */
  fuentes: z.array(z.string()).default([]),
  /** When those sources were last checked ('YYYY-MM-DD', the oldest of them), or null. */
  verificado_el: z.string().nullable().default(null),
  /** Plate digits restricted that day for the vehicle's type in its city (empty when none or unknown). */
  digitos: z.array(z.number().int().min(0).max(9)).default([]),
  /** When those digits are restricted that day (the city's hours; empty when none or unknown). */
  horario: z.array(picoPlacaVentanaSchema).default([]),
});
export type PicoPlacaResponse = z.infer<typeof picoPlacaResponseSchema>;
