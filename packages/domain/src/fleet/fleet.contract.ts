import { z } from 'zod';
import { drivingLicenceSchema, fineSchema } from '../garage/registry.contract.ts';
import { LOOKUP_STATUSES, vehicleDataSchema } from '../garage/garage.contract.ts';
import { INT_RANGES, maxValueMessage } from '../input-limits.ts';

/**
 * Wire contract of the company fleet area (SPPF §2 fleet screens, §3 entities, §5 upload validation,
 * §7 fleet calls, §9 constants). Company role only (group/role id 2): clients get 403, another company's ids 404.
 */

// Paths, limits, messages and the template's columns: zod-free (the fleet parser's worker thread loads them).
export * from './fleet.constants.ts';
import { FLEET_ERRORS_PAGE_SIZE, FLEET_LIST_MAX_PAGE_SIZE, FLEET_LIST_PAGE_SIZE } from './fleet.constants.ts';

// ——— Queries

function pageNumber(v: unknown): number | null {
  const s = typeof v === 'string' ? v.trim() : v === undefined ? '1' : '';
  return /^\d{1,9}$/.test(s) && Number(s) >= 1 ? Number(s) : null;
}

function pageSize(fallback: number, max: number) {
  return z
    .string()
    .optional()
    .transform((v) => {
      const n = v !== undefined && /^\d{1,9}$/.test(v.trim()) ? Number(v) : NaN;
      if (!Number.isFinite(n) || n < 1) return fallback;
      return Math.min(n, max);
    });
}

/**
 * GET traer_errores_flota?page=&page_size=10. `page` defaults to 1; a page that is not a positive integer is
 * null here and the service answers 404 'Página inválida.'; a page beyond the last answers 404 too (SPPF §5:
 * pages 1..numero_paginas_totales only), except page 1 of an empty list, which answers data [] and 0 pages.
 * An invalid page_size falls back to 10; larger ones are capped at 100.
 */
export const fleetErrorsQuerySchema = z.object({
  page: z.unknown().optional().transform(pageNumber),
  page_size: pageSize(FLEET_ERRORS_PAGE_SIZE, 100),
});
export type FleetErrorsQuery = z.infer<typeof fleetErrorsQuerySchema>;

/** GET traer_vehiculos_flota?page=&page_size=&placa= (placa: part of a plate, spaces/hyphens ignored). */
export const fleetListQuerySchema = z.object({
  page: z.unknown().optional().transform(pageNumber),
  page_size: pageSize(FLEET_LIST_PAGE_SIZE, FLEET_LIST_MAX_PAGE_SIZE),
  placa: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '')
        .slice(0, 10),
    ),
});
export type FleetListQuery = z.infer<typeof fleetListQuerySchema>;

// ——— Fleet list (SPPF §3 'Selected vehicle' fields)

export const fleetCitySchema = z.object({ id: z.number().int(), name: z.string() });

export const fleetVehicleSchema = z.object({
  id: z.number().int(),
  placa: z.string(),
  kilometraje_digitado: z.number().int(),
  /** ISO 8601 instant of the first import. */
  created: z.string(),
  documento_propietario: z.string(),
  tipo_documento_propietario: z.number().int(),
  tipo_documento_propietario_data: z.object({ name: z.string() }),
  department: z.number().int().nullable(),
  city: z.number().int().nullable(),
  city_data: fleetCitySchema.nullable(),
  /** Registry data; null until the look-up has answered. */
  vehicle_data: vehicleDataSchema.nullable(),
  lookup_status: z.enum(LOOKUP_STATUSES),
  /** Data from the demo registry: show 'Datos de demostración'. */
  demo: z.boolean(),
  /** The driver's name (the owner's document when no driver was given), for the table. */
  conductor_nombre: z.string().nullable(),
});
export type FleetVehicle = z.infer<typeof fleetVehicleSchema>;

export const fleetVehicleListSchema = z.object({
  data: z.array(fleetVehicleSchema),
  /** Vehicles matching the query (all pages). */
  total: z.number().int(),
  numero_paginas_totales: z.number().int(),
});
export type FleetVehicleList = z.infer<typeof fleetVehicleListSchema>;

// ——— Upload and its progress

export const FLEET_UPLOAD_STATES = ['en_cola', 'procesando', 'terminado', 'fallido'] as const;
export type FleetUploadState = (typeof FLEET_UPLOAD_STATES)[number];

export const fleetUploadStatusSchema = z.object({
  /** Upload id (use it with estado_carga_flota). */
  id: z.number().int(),
  estado: z.enum(FLEET_UPLOAD_STATES),
  nombre_archivo: z.string(),
  /** Data rows processed so far. */
  filas_procesadas: z.number().int(),
  /** Data rows in the file (counted before parsing; header excluded; corrected at the end for blank rows). */
  filas_totales: z.number().int(),
  /**
   * Every processed row is counted once (decision 107): vehicles new to the fleet, vehicles already in it whose data
   * or driver changed, rows that changed nothing, and refused rows (listed in 'Estado de carga').
   */
  vehiculos_agregados: z.number().int(),
  vehiculos_actualizados: z.number().int(),
  vehiculos_sin_cambios: z.number().int(),
  filas_con_errores: z.number().int(),
  /** Header cells of the template sheet that match no template column, as written: their data was not read. */
  columnas_ignoradas: z.array(z.string()),
  /** 0..100, for the progress bar. */
  porcentaje: z.number().int(),
  /** Spanish reason when estado is 'fallido'. */
  mensaje: z.string().nullable(),
  /**
   * true when the same file had already been imported: nothing was changed and this is that upload, with its rows
   * counted as this attempt left them (none added or updated; the refused ones still refused).
   */
  repetido: z.boolean(),
  /** ISO 8601 instants. */
  created: z.string(),
  finished: z.string().nullable(),
});
export type FleetUploadStatus = z.infer<typeof fleetUploadStatusSchema>;

// ——— Errors (SPPF §3 'Fleet error record')

export const fleetErrorSchema = z.object({
  id: z.number().int(),
  /** As typed in the file (may be blank or invalid). */
  placa: z.string(),
  /** Spanish, names the column and the problem, e.g. "Placa: Formato de placa inválido." */
  message: z.string(),
  details: z.object({
    kilometraje_digitado: z.string(),
    documento_propietario: z.string(),
  }),
  /** ISO 8601 instant. */
  created: z.string(),
  /** Row number in the uploaded sheet (1 = header). */
  fila: z.number().int(),
  id_carga: z.number().int(),
});
export type FleetError = z.infer<typeof fleetErrorSchema>;

export const fleetErrorPageSchema = z.object({
  data: z.array(fleetErrorSchema),
  numero_paginas_totales: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
});
export type FleetErrorPage = z.infer<typeof fleetErrorPageSchema>;

// ——— Vehicle detail and driver

export const fleetDriverSchema = z.object({
  /** 'archivo' (from the upload), 'asignado' (PUT conductor_flota) or 'propietario' (default: the owner). */
  origen: z.enum(['archivo', 'asignado', 'propietario']),
  nombre: z.string().nullable(),
  tipo_documento: z.number().int(),
  tipo_documento_data: z.object({ name: z.string() }),
  documento: z.string(),
  telefono: z.string().nullable(),
  city: z.number().int().nullable(),
  city_data: fleetCitySchema.nullable(),
  /**
   * Expiring signed URL of the driver's photo (PUT/DELETE conductor_flota/foto/); null when there is none (show
   * initials/placeholder).
   */
  foto_url: z.string().nullable(),
  /** The driver's licence from the registry; null when none/not yet looked up ('No registra'). */
  licencia: drivingLicenceSchema.nullable(),
  /** The person's owed fines (every unpaid state, decision 071). */
  comparendos_persona: z.array(fineSchema),
});
export type FleetDriver = z.infer<typeof fleetDriverSchema>;

export const fleetVehicleDetailSchema = fleetVehicleSchema.extend({
  /** Vehicle picture; fleet vehicles have none yet (null: show the placeholder image). */
  url_imagen_vehiculo: z.string().nullable(),
  /** Vehicle owed fines (every unpaid state, decision 071); the card shows FLEET_FINES_SHOWN first. */
  comparendos_vehiculo: z.array(fineSchema),
  conductor: fleetDriverSchema,
  /** 'pending' while the fines look-up runs; 'failed' leaves both lists empty. */
  fines_status: z.enum(LOOKUP_STATUSES),
});
export type FleetVehicleDetail = z.infer<typeof fleetVehicleDetailSchema>;

const MSG_REQUIRED = 'Este campo es obligatorio';

function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/** Optional text: blank → null; otherwise trimmed and checked. */
const optionalText = (max: number, pattern: RegExp, message: string) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (isBlank(v)) return null;
      const s = typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
      if (!s || s.length > max || !pattern.test(s)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return s;
    });

/** Optional positive integer id (number or numeric string), at most `max` (its column's range): blank → null. */
const optionalId = (max: number = INT_RANGES.integer.max) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (isBlank(v)) return null;
      const s = typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
      if (!/^\d{1,10}$/.test(s) || Number(s) <= 0) {
        ctx.addIssue({ code: 'custom', message: 'Debe ser un número entero.' });
        return z.NEVER;
      }
      if (Number(s) > max) {
        ctx.addIssue({ code: 'custom', message: maxValueMessage(max) });
        return z.NEVER;
      }
      return Number(s);
    });

/**
 * PUT conductor_flota: assign a driver (`tipo_documento` and `documento` required, the rest optional), or send
 * {"propietario": true} to make the owner the driver again. Errors are DRF-style per field.
 */
export const fleetDriverAssignSchema = z
  .object({
    propietario: z.boolean({ error: 'Debe ser verdadero o falso.' }).optional(),
    nombre: optionalText(120, /^[^<>]+$/, 'Máximo 120 caracteres, sin < ni >.'),
    tipo_documento: optionalId(INT_RANGES.smallint.max),
    documento: optionalText(20, /^[A-Za-z0-9]+$/, 'Solo se permiten letras y números (máximo 20).'),
    telefono: optionalText(15, /^\+?\d{7,15}$/, 'Teléfono no válido.'),
    /** DANE city code. */
    city: optionalId(),
  })
  .superRefine((v, ctx) => {
    if (v.propietario) return;
    if (v.tipo_documento === null)
      ctx.addIssue({ code: 'custom', path: ['tipo_documento'], message: MSG_REQUIRED });
    if (v.documento === null) ctx.addIssue({ code: 'custom', path: ['documento'], message: MSG_REQUIRED });
  })
  .transform((v) =>
    v.propietario
      ? ({ propietario: true } as const)
      : {
          propietario: false as const,
          nombre: v.nombre,
          tipo_documento: v.tipo_documento as number,
          documento: (v.documento as string).toUpperCase(),
          telefono: v.telefono,
          city: v.city,
        },
  );
export type FleetDriverAssign = z.output<typeof fleetDriverAssignSchema>;
export type FleetDriverAssignRequest =
  | { propietario: true }
  | { nombre?: string; tipo_documento: number; documento: string; telefono?: string; city?: number };
