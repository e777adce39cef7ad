import { z } from 'zod';
import { staffText } from './operator-auth.contract.ts';

/**
 * The agenda's day rules, undo and bulk actions (issue 38, decision 114). Check-in ('atendido') and no-show
 * ('no_asistio') only from the booking's own day in Bogotá; "Deshacer" only on that same day, back to
 * 'confirmada'; bulk writes take each booking's id and the version the agenda showed and answer per booking.
 */
export const AGENDA_PATHS = {
  undo: (id: string) => `/api/operador/agendamientos/${encodeURIComponent(id)}/deshacer/`,
  bulkCheckIn: '/api/operador/agendamientos/llegadas/',
  bulkCancel: '/api/operador/agendamientos/cancelaciones/',
} as const;

export const AGENDA_MSG = {
  /** 409 of a check-in or no-show before the booking's day. */
  notYet: 'Solo puedes registrar la llegada o la inasistencia desde el día de la cita.',
  /** 409 of an undo on another day than the booking's. */
  undoSameDay: 'Solo puedes deshacer la llegada o la inasistencia el mismo día de la cita.',
  /** 409 of an undo of a booking neither checked in nor marked as a no-show. */
  undoNothing: 'Esta cita no tiene una llegada ni una inasistencia que deshacer.',
} as const;

/** Check-in and no-show are open on the booking's day and after it (dates 'YYYY-MM-DD', today in Bogotá). */
export function attendanceOpen(fecha: string, today: string): boolean {
  return fecha <= today;
}

/** An undo only on the booking's own day. */
export function undoOpen(fecha: string, today: string): boolean {
  return fecha === today;
}

/** The most bookings one bulk call takes (a branch-day's agenda fits). */
export const BULK_MAX = 200;

const bulkItemSchema = z.strictObject({
  id: z.uuid({ error: 'Agendamiento no encontrado.' }).transform((id) => id.toLowerCase()),
  /** The version the agenda showed (decision 096). */
  version: z.number().int().min(0).max(1_000_000_000),
});

const bulkItems = z
  .array(bulkItemSchema)
  .min(1, 'Elige al menos una cita.')
  .max(BULK_MAX, `Máximo ${BULK_MAX} citas a la vez.`)
  .refine((items) => new Set(items.map((i) => i.id)).size === items.length, 'Citas repetidas.');

/** POST …/llegadas/: check several bookings in at once. */
export const bulkCheckInSchema = z.strictObject({ items: bulkItems });
export type BulkCheckIn = z.infer<typeof bulkCheckInSchema>;

/** POST …/cancelaciones/: cancel several bookings (a closed day), refunding paid ones and telling each driver. */
export const bulkCancelSchema = z.strictObject({ items: bulkItems, motivo: staffText(500) });
export type BulkCancel = z.infer<typeof bulkCancelSchema>;

/** Per booking: 'ok' done; 'stale' it changed since the agenda showed it (nothing written); 'refused' not allowed. */
export const BULK_OUTCOMES = ['ok', 'stale', 'refused'] as const;

export const bulkResultSchema = z.object({
  resultados: z.array(
    z.object({
      id: z.string(),
      resultado: z.enum(BULK_OUTCOMES),
      /** Why a booking was refused or stale, in Spanish; null when done. */
      detalle: z.string().nullable(),
      /** The new state and version when done. */
      estado: z.string().nullable(),
      version: z.number().int().nullable(),
    }),
  ),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** POST …/deshacer/ (If-Match): the booking back to 'confirmada'. */
export const undoAnswerSchema = z.object({ id: z.string(), estado: z.string(), version: z.number().int() });
