import { z } from 'zod';
import { isIsoDate } from '../garage/garage-dates.ts';
import { hasNul, INPUT_MSG } from '../input-limits.ts';
import {
  MAINTENANCE_LIMITS as L,
  MAINTENANCE_MSG as MSG,
  MAINTENANCE_TYPES,
  REMINDER_STATES,
} from './maintenance.catalogue.ts';

/**
 * Wire contract of a vehicle's maintenance, fuel, reminders and costs (issue 39 "Contract", decision 075). Paths
 * live under /api/togo/vehicle/{id}/; every number is a JSON number (text in a number is a 400), every amount is
 * whole pesos, dates are 'YYYY-MM-DD' (the service refuses a future one: it needs the clock).
 */

export const MAINTENANCE_PATHS = {
  records: '/api/togo/vehicle/:id/mantenimientos/',
  record: '/api/togo/vehicle/:id/mantenimientos/:recordId/',
  invoice: '/api/togo/vehicle/:id/mantenimientos/:recordId/factura/',
  fuel: '/api/togo/vehicle/:id/combustible/',
  fuelOne: '/api/togo/vehicle/:id/combustible/:recordId/',
  reminders: '/api/togo/vehicle/:id/recordatorios/',
  reminder: '/api/togo/vehicle/:id/recordatorios/:recordId/',
  costs: '/api/togo/vehicle/:id/costos/',
  monthly: '/api/togo/vehicle/:id/costos/mensual/',
  costsXlsx: '/api/togo/vehicle/:id/costos.xlsx',
} as const;

/** A path of MAINTENANCE_PATHS for one vehicle (and record). */
export function maintenancePath(
  path: (typeof MAINTENANCE_PATHS)[keyof typeof MAINTENANCE_PATHS],
  vehicleId: number,
  recordId?: number,
): string {
  return path.replace(':id', String(vehicleId)).replace(':recordId', String(recordId ?? ''));
}

const isoDate = () =>
  z
    .string({ error: MSG.date })
    .trim()
    .refine(isIsoDate, { error: MSG.date })
    .refine((d) => d >= L.minDate, { error: MSG.tooOld });

/** A JSON number that is a whole number in [0, max]: text, decimals and negatives are 400s. */
const wholeNumber = (max: number) =>
  z
    .number({ error: MSG.number })
    .int({ error: MSG.integer })
    .min(0, { error: MSG.negative })
    .max(max, { error: `Asegúrese de que este valor es menor o igual a ${max}.` });

const optionalText = (max: number) =>
  z
    .string({ error: 'Debe ser un texto.' })
    .trim()
    .max(max, { error: MSG.textTooLong(max) })
    .refine((v) => !hasNul(v), { error: INPUT_MSG.invalidCharacters })
    .nullish()
    .transform((v) => (v ? v : null));

const flag = () => z.boolean({ error: MSG.boolean });

export const maintenanceTypeSchema = z.enum(MAINTENANCE_TYPES, { error: MSG.type });

/** The {id} and {recordId} path segments: anything but a positive int4 names nothing (404, not 400). */
export const vehicleParamsSchema = z.object({ id: z.string() });
export const recordParamsSchema = z.object({ id: z.string(), recordId: z.string() });

/** POST …/mantenimientos/ */
export const maintenanceCreateSchema = z.object({
  fecha: isoDate(),
  kilometraje: wholeNumber(L.maxKm),
  tipo: maintenanceTypeSchema,
  descripcion: optionalText(L.descripcion),
  costo: wholeNumber(L.maxCost),
  taller: optionalText(L.taller),
  correccion: flag().optional().default(false),
});
export type MaintenanceCreate = z.output<typeof maintenanceCreateSchema>;

export const maintenanceRecordSchema = z.object({
  id: z.number().int(),
  fecha: z.string(),
  kilometraje: z.number().int(),
  tipo: maintenanceTypeSchema,
  descripcion: z.string().nullable(),
  costo: z.number().int(),
  taller: z.string().nullable(),
  correccion: z.boolean(),
  /** The invoice photo or PDF behind an expiring signed URL; null when none was attached. */
  factura_url: z.string().nullable(),
});
export type MaintenanceRecord = z.infer<typeof maintenanceRecordSchema>;

const gallons = () =>
  z
    .number({ error: MSG.number })
    .gt(0, { error: MSG.gallonsPositive })
    .max(L.maxGallons, { error: MSG.gallonsMax })
    .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, { error: MSG.gallonsDecimals });

/** POST …/combustible/ */
export const fuelCreateSchema = z.object({
  fecha: isoDate(),
  kilometraje: wholeNumber(L.maxKm),
  galones: gallons(),
  costo: wholeNumber(L.maxCost),
  tanque_lleno: flag(),
  correccion: flag().optional().default(false),
});
export type FuelCreate = z.output<typeof fuelCreateSchema>;

export const fuelRecordSchema = z.object({
  id: z.number().int(),
  fecha: z.string(),
  kilometraje: z.number().int(),
  galones: z.number(),
  costo: z.number().int(),
  tanque_lleno: z.boolean(),
  correccion: z.boolean(),
  /** km ÷ gallons since the previous full tank, only between two full tanks; null otherwise. */
  rendimiento_km_gal: z.number().nullable(),
});
export type FuelRecord = z.infer<typeof fuelRecordSchema>;

/** POST …/recordatorios/: at least one of cada_km, cada_meses. One reminder per type: a second POST replaces it. */
export const reminderCreateSchema = z
  .object({
    tipo: maintenanceTypeSchema,
    cada_km: wholeNumber(L.maxEveryKm)
      .min(1, { error: MSG.everyKmMin })
      .nullish()
      .transform((v) => v ?? null),
    cada_meses: wholeNumber(L.maxEveryMonths)
      .min(1, { error: MSG.everyMonthsMin })
      .nullish()
      .transform((v) => v ?? null),
    ultimo_km: wholeNumber(L.maxKm)
      .nullish()
      .transform((v) => v ?? null),
    ultima_fecha: isoDate()
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((r) => r.cada_km !== null || r.cada_meses !== null, {
    error: MSG.everyRequired,
    path: ['non_field_errors'],
  });
export type ReminderCreate = z.output<typeof reminderCreateSchema>;

export const reminderSchema = z.object({
  id: z.number().int(),
  tipo: maintenanceTypeSchema,
  cada_km: z.number().int().nullable(),
  cada_meses: z.number().int().nullable(),
  ultimo_km: z.number().int().nullable(),
  ultima_fecha: z.string().nullable(),
  proximo_km: z.number().int().nullable(),
  proxima_fecha: z.string().nullable(),
  estado: z.enum(REMINDER_STATES),
});
export type Reminder = z.infer<typeof reminderSchema>;

/** ?desde=&hasta= ('YYYY-MM-DD'); each defaults to the current month's first day and today. */
export const costsQuerySchema = z.object({
  desde: isoDate().optional(),
  hasta: isoDate().optional(),
});
export type CostsQuery = z.output<typeof costsQuerySchema>;

const categories = z.object({
  mantenimiento: z.number().int(),
  combustible: z.number().int(),
  servicios: z.number().int(),
  multas: z.number().int(),
});

/** GET …/costos/ */
export const costsSchema = z.object({
  total: z.number().int(),
  por_categoria: categories,
  /** Pesos per kilometre driven in the period; null when no kilometres are known for it. */
  costo_por_km: z.number().int().nullable(),
});
export type Costs = z.infer<typeof costsSchema>;

/** GET …/costos/mensual/?hasta=YYYY-MM: twelve months ending with `hasta` (default: this month). */
export const monthlyCostsQuerySchema = z.object({
  hasta: z
    .string({ error: 'Mes inválido. Usa el formato AAAA-MM.' })
    .regex(/^(19[5-9]\d|2\d{3})-(0[1-9]|1[0-2])$/, { error: 'Mes inválido. Usa el formato AAAA-MM.' })
    .optional(),
});
export const monthlyCostsSchema = z.object({
  meses: z.array(categories.extend({ mes: z.string(), total: z.number().int() })),
});
export type MonthlyCosts = z.infer<typeof monthlyCostsSchema>;
