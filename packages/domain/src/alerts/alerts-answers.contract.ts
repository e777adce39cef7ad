import { z } from 'zod';
import { ALERT_MSG, DATED_ALERT_CODES } from './alerts.rules.ts';

/**
 * The answers of the alerts API (AHGA §3 and §7), re-exported by alerts.contract. Apart from the request schemas
 * so that the web screens that parse them load only these: alerts.contract's request schemas use more of zod
 * (preprocess, superRefine, record), and zod's chunks are shared with the wizard and the fleet list
 * (+1.3 KB gzipped on each when the alerts parsed through alerts.contract; decision 043).
 */

export const datedAlertCodeSchema = z.enum(DATED_ALERT_CODES, { error: ALERT_MSG.invalidCode });

export const alertDatesSchema = z.object({
  fecha_expedicion: z.string().nullable(),
  fecha_vencimiento: z.string().nullable(),
});
export type AlertDates = z.infer<typeof alertDatesSchema>;

/** Answer of POST/PUT: the user's saved dates. */
export const savedAlertSchema = z.object({
  code: datedAlertCodeSchema,
  id_garaje: z.number().int(),
  data: alertDatesSchema,
});
export type SavedAlert = z.infer<typeof savedAlertSchema>;

/**
 * SOAT/RTM answer. `empty` is true while the registry look-up has not answered and there is nothing to show
 * ('¡Estamos actualizando tu información!'). `fuente` says where the dates come from ('usuario' wins over
 * 'registro'); `demo` is true when they come from the demonstration registry ('Datos de demostración').
 */
export const datesAlertResponseSchema = z.object({
  empty: z.boolean(),
  data: alertDatesSchema.extend({
    fuente: z.enum(['usuario', 'registro']).nullable(),
    demo: z.boolean(),
    /** SOAT only: insurer, when the dates come from the registry. */
    aseguradora: z.string().nullable().optional(),
    /** RTM only: the inspection centre (CDA), when the dates come from the registry. */
    cda: z.string().nullable().optional(),
  }),
});
export type DatesAlertResponse = z.infer<typeof datesAlertResponseSchema>;

/** ALERTA_TODO_RIESGO / ALERTA_IMPUESTO / ALERTA_KIT answer: the user's dates only. */
export const userDatesAlertResponseSchema = z.object({ empty: z.literal(false), data: alertDatesSchema });
export type UserDatesAlertResponse = z.infer<typeof userDatesAlertResponseSchema>;

// ——— What the providers' snapshots hold, read leniently (unknown fields dropped, bad values null).

const text = () =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v))
    .nullable()
    .optional()
    .catch(null)
    .transform((v) => v ?? null);

export const licenceCategorySchema = z.object({ categoria: text(), fechaVencimiento: text() });
export type LicenceCategory = z.infer<typeof licenceCategorySchema>;

export const licenceSchema = z.object({
  numero_licencia_transito: text(),
  organismo_expedicion: text(),
  fecha_expedicion_lic_transito: text(),
  estado_lic_transito: text(),
  restricciones_lic_transito: text(),
  detalles_lic_transito: z
    .array(z.unknown())
    .nullable()
    .optional()
    .catch(null)
    .transform((list) =>
      (list ?? []).flatMap((item) => {
        const parsed = licenceCategorySchema.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
});
export type Licence = z.infer<typeof licenceSchema>;

export const licenceAlertResponseSchema = z.object({ empty: z.boolean(), data: licenceSchema });
export type LicenceAlertResponse = z.infer<typeof licenceAlertResponseSchema>;

const amount = () =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?$/),
    ])
    .transform((v) => Number(v))
    .nullable()
    .optional()
    .catch(null)
    .transform((v) => v ?? null);

/** An early-payment discount of a fine, where the provider gives one (decision 073). */
const fineDiscountSchema = z.object({
  porcentaje: z.number(),
  fecha_limite: z.string(),
  requiere_curso: z.boolean(),
});
/** The pedagogical course SIMIT records against a fine. */
const fineCourseSchema = z.object({ fecha: z.string(), estado: z.string(), centro: z.string() });

/** A traffic fine (AHGA §3 'Fines info'), with the transit office, discount and course where given. */
export const fineSchema = z.object({
  numero: text(),
  tipo: text(),
  estado: text(),
  total: amount(),
  fecha_infraccion: text(),
  placa: text(),
  infractor: text(),
  descripcion: text(),
  categoria: text(),
  organismo_transito: text(),
  fecha_resolucion: text(),
  descuento: fineDiscountSchema
    .nullable()
    .optional()
    .catch(null)
    .transform((v) => v ?? null),
  curso: fineCourseSchema
    .nullable()
    .optional()
    .catch(null)
    .transform((v) => v ?? null),
});
export type Fine = z.infer<typeof fineSchema>;

export function parseFines(list: unknown): Fine[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const parsed = fineSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export const finesAlertResponseSchema = z.object({
  empty: z.boolean(),
  data: z.object({
    cant_comparendos_vehiculo: z.number().int(),
    comparendos_vehiculo: z.array(fineSchema),
    comparendos_persona: z.array(fineSchema),
  }),
});
export type FinesAlertResponse = z.infer<typeof finesAlertResponseSchema>;
