import { z } from 'zod';
import { openingHoursSchema } from '../booking/booking.contract.ts';
import { IsoDateSchema } from '../pico-placa/pico-placa.rules.ts';
import { staffText } from './operator-auth.contract.ts';

/** Wire contract of the console's data routes (issue 13). */

export const PICO_PLACA_STATES = ['vigente', 'por_vencer', 'vencida'] as const;
export type PicoPlacaState = (typeof PICO_PLACA_STATES)[number];

export const operatorPicoPlacaEntrySchema = z.object({
  ciudad: z.string(),
  nombre: z.string(),
  vigente_hasta: z.string().nullable(),
  estado: z.enum(PICO_PLACA_STATES),
});
export type OperatorPicoPlacaEntry = z.infer<typeof operatorPicoPlacaEntrySchema>;

/**
 * Why a rule is in the console's "Por revisar" list (issue 33): it ends within 30 days ('vence') or has ended
 * ('vencida') with no rule after it; an open-ended rule's review date is within 30 days ('revisar') or past
 * ('revision_vencida'), or it was never verified ('sin_verificar').
 */
export const PICO_PLACA_REVIEW_REASONS = [
  'vencida',
  'vence',
  'revision_vencida',
  'revisar',
  'sin_verificar',
] as const;
export type PicoPlacaReviewReason = (typeof PICO_PLACA_REVIEW_REASONS)[number];

/** GET /api/operador/pico-placa/por-revisar/: most drivers' vehicles affected first. */
export const picoPlacaReviewItemSchema = z.object({
  ciudad: z.string(),
  nombre: z.string(),
  regla: z.string(),
  motivo: z.enum(PICO_PLACA_REVIEW_REASONS),
  fecha: z.string().nullable(),
  /** Drivers' vehicles registered in the city's municipalities. */
  vehiculos: z.number().int(),
});
export type PicoPlacaReviewItem = z.infer<typeof picoPlacaReviewItemSchema>;

/** DELETE /api/operador/pico-placa/{dane}/: the city removed (only one created in the console). */
export const picoPlacaRemovedSchema = z.object({ ciudad: z.string(), eliminada: z.literal(true) });

export const picoPlacaVersionSchema = z.object({
  version: z.number().int(),
  fecha: z.string(),
  staff: z.string().nullable(),
});
export type PicoPlacaVersion = z.infer<typeof picoPlacaVersionSchema>;

/** GET /api/operador/pico-placa/{dane}/: the city's rules as stored, plus the `version` they are at. */
export const operatorPicoPlacaCitySchema = z.looseObject({ version: z.number().int() });

/** PUT /api/operador/pico-placa/{dane}/ and POST …/revertir/: the city's new version and its state. */
export const operatorPicoPlacaChangeSchema = z.object({
  ciudad: z.string(),
  version: z.number().int(),
  vigente_hasta: z.string().nullable(),
  estado: z.string(),
});
export type OperatorPicoPlacaChange = z.infer<typeof operatorPicoPlacaChangeSchema>;

export const picoPlacaRevertSchema = z.strictObject({ version: z.number().int().min(0).max(1_000_000) });

const isoDate = IsoDateSchema.refine((v) => !Number.isNaN(Date.parse(v)), 'Fecha inválida (AAAA-MM-DD).');

export const agendaQuerySchema = z.object({
  sede: staffText(40),
  fecha: isoDate,
});

export const agendaEntrySchema = z.object({
  id: z.string(),
  placa: z.string(),
  hora: z.string(),
  servicio: z.string(),
  estado: z.string(),
  pagado: z.boolean(),
  estado_reembolso: z.enum(['pendiente', 'realizado', 'fallido']).nullable(),
  cliente: z.object({ nombre: z.string(), telefono: z.string().nullable() }),
  /**
   * A trámite booking's trámites by the catalogue's Spanish name booked (issue 38; decision 114: trámites are
   * console-edited rows, not fixed codes); empty for other services.
   */
  tramites: z.array(z.string()).default([]),
  /** The booking's version, sent back as If-Match by a state change (decision 096). */
  version: z.number().int(),
});
export type AgendaEntry = z.infer<typeof agendaEntrySchema>;
/** GET /api/operador/agenda/: one branch's day. */
export const agendaListSchema = z.array(agendaEntrySchema);

/** What staff may set; 'cancelado' is stored as the drivers' 'cancelada'. */
export const STAFF_BOOKING_STATES = ['atendido', 'no_asistio', 'cancelado'] as const;
export const bookingStateChangeSchema = z.strictObject({
  estado: z.enum(STAFF_BOOKING_STATES, { error: 'Estado inválido: atendido, no_asistio o cancelado.' }),
  motivo: staffText(500).optional(),
});
export type BookingStateChange = z.infer<typeof bookingStateChangeSchema>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A branch's opening hours: HH:mm, opening before closing, Saturday optional (null = closed). */
export const branchHoursSchema = openingHoursSchema.refine(
  (h) =>
    [h.lunes_viernes, h.sabado].every(
      (d) => d === null || (HHMM.test(d.apertura) && HHMM.test(d.cierre) && d.apertura < d.cierre),
    ),
  'Horario inválido: HH:mm y apertura anterior al cierre.',
);

/** Vehicle groups a branch serves. */
export const VEHICLE_GROUPS = ['LIVIANOS', 'MOTOS', 'PESADOS'] as const;
export const vehicleGroupsSchema = z
  .array(z.enum(VEHICLE_GROUPS, { error: 'Grupo inválido: LIVIANOS, MOTOS o PESADOS.' }))
  .min(1, 'Elige al menos un grupo de vehículos.')
  .max(3, 'Máximo 3 grupos.')
  .refine((g) => new Set(g).size === g.length, 'Grupos repetidos.');

/** Map position: Colombia's bounding box (the seed file's rule). */
export const branchLatSchema = z
  .number({ error: 'Latitud inválida.' })
  .min(-5, 'Latitud fuera de Colombia.')
  .max(14, 'Latitud fuera de Colombia.');
export const branchLngSchema = z
  .number({ error: 'Longitud inválida.' })
  .min(-82, 'Longitud fuera de Colombia.')
  .max(-66, 'Longitud fuera de Colombia.');
export const branchCapacitySchema = z
  .number()
  .int('Número entero.')
  .min(1, 'Mínimo 1.')
  .max(100, 'Máximo 100.');

/** A branch named in the path by its id ('TRA-BOG-01'); an unknown one is the service's 404. */
export const branchParamsSchema = z.object({ id: z.string() });

/** A branch's phone as the console writes it: 7 to 40 characters. */
export const branchPhoneSchema = staffText(40).refine((v) => v.length >= 7, 'Mínimo 7 caracteres.');
/** A municipality's 5-digit DANE code, picked from the lists (never typed). */
export const daneCitySchema = z
  .string({ error: 'Elige el municipio.' })
  .regex(/^\d{5}$/, 'Elige el municipio de la lista.');

/**
 * PATCH /api/operador/sedes/{id}/: the issue's {capacidad?, horario?, activa?} plus the console's vehicle groups,
 * home service, map position and (issue 38) name, address, phone and municipality; every field optional, at least
 * one present.
 */
export const branchPatchSchema = z
  .strictObject({
    nombre: staffText(200).optional(),
    direccion: staffText(300).optional(),
    telefono: branchPhoneSchema.optional(),
    ciudad: daneCitySchema.optional(),
    capacidad: branchCapacitySchema.optional(),
    horario: branchHoursSchema.optional(),
    activa: z.boolean().optional(),
    atiende: vehicleGroupsSchema.optional(),
    a_domicilio: z.boolean().optional(),
    lat: branchLatSchema.optional(),
    lng: branchLngSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Nada que actualizar.',
  });
export type BranchPatch = z.infer<typeof branchPatchSchema>;

/** The longest closure one action may create (issue 38): a longer one is a mistake or needs a second look. */
export const MAX_CLOSURE_DAYS = 31;

/** Days from `desde` to `hasta`, both included (calendar days, no time zone involved). */
export function closureDays(desde: string, hasta: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${hasta}T00:00:00Z`);
  for (
    let t = Date.parse(`${desde}T00:00:00Z`);
    t <= end && days.length <= MAX_CLOSURE_DAYS;
    t += 86_400_000
  ) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * POST /api/operador/sedes/{id}/cierres/: one day (`fecha`) or, with `hasta`, every day from `fecha` to `hasta`
 * (Bogotá days, both included, at most MAX_CLOSURE_DAYS).
 */
export const branchClosureSchema = z
  .strictObject({ fecha: isoDate, hasta: isoDate.optional(), motivo: staffText(300) })
  .superRefine((v, ctx) => {
    if (v.hasta === undefined) return;
    if (v.hasta < v.fecha) {
      ctx.addIssue({
        code: 'custom',
        path: ['hasta'],
        message: 'La fecha final no puede ser anterior a la inicial.',
      });
    } else if (closureDays(v.fecha, v.hasta).length > MAX_CLOSURE_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['hasta'],
        message: `Un cierre puede cubrir como máximo ${MAX_CLOSURE_DAYS} días.`,
      });
    }
  });

export const closureAnswerSchema = z.object({
  sede: z.string(),
  /** The first day asked for; `hasta` the last (the same day for a one-day closure). */
  fecha: z.string(),
  hasta: z.string(),
  motivo: z.string(),
  /** The days this action closed. */
  cerrados: z.array(z.string()),
  /** Days of the range that were already closed: left as they were. */
  ya_cerrados: z.array(z.string()),
  por_reprogramar: z.array(
    z.object({
      id: z.string(),
      fecha: z.string(),
      placa: z.string(),
      hora: z.string(),
      cliente: z.object({ nombre: z.string(), correo: z.string() }),
    }),
  ),
});
export type ClosureAnswer = z.infer<typeof closureAnswerSchema>;

export const auditQuerySchema = z.object({
  desde: isoDate.optional(),
  hasta: isoDate.optional(),
});

export const auditEntrySchema = z.object({
  fecha: z.string(),
  staff: z.string(),
  accion: z.string(),
  objeto: z.string(),
  antes: z.unknown(),
  despues: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Support look-up of a driver by email, phone, document or plate (exact match, case-insensitive). */
export const supportSearchQuerySchema = z.object({ q: staffText(254) });

export const supportUserSchema = z.object({
  id: z.number().int(),
  correo: z.string(),
  nombre: z.string(),
  telefono: z.string().nullable(),
  documento: z.string().nullable(),
  placas: z.array(z.string()),
});
export type SupportUser = z.infer<typeof supportUserSchema>;
