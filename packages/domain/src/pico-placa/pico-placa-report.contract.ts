import { z } from 'zod';
import { isValidIsoDate } from './pico-placa.calendar.ts';
import { picoPlacaCertezaSchema } from './pico-placa.contract.ts';
import { PicoPlacaResultStatusSchema } from './pico-placa.rules.ts';

/**
 * A driver's report that a pico y placa answer is wrong ("¿Esta información está mal?", issue 33 item 8,
 * decision 104). The driver names the vehicle and the day of the answer; the server derives the city, the digit
 * and the vehicle type from the vehicle, and keeps what TOGO answered at that moment.
 */

/** The longest note a driver may add (after trimming). */
export const PICO_PLACA_REPORT_NOTE_MAX = 500;
/** The longest reply an operator may write when resolving. */
export const PICO_PLACA_REPORT_REPLY_MAX = 500;
/** A report may name a day up to this many days before or after today (Bogotá). */
export const PICO_PLACA_REPORT_WINDOW_DAYS = 31;

export const PICO_PLACA_REPORT_MESSAGES = {
  required: 'Este campo es obligatorio.',
  vehicle: 'Indica el vehículo (id_garaje) con un número entero.',
  badDate: 'Fecha inválida. Usa el formato AAAA-MM-DD.',
  noteTooLong: `La nota puede tener máximo ${PICO_PLACA_REPORT_NOTE_MAX} caracteres.`,
  replyTooLong: `La respuesta puede tener máximo ${PICO_PLACA_REPORT_REPLY_MAX} caracteres.`,
  text: 'Debe ser un texto.',
  outOfWindow: `Solo puedes reportar respuestas de los últimos ${PICO_PLACA_REPORT_WINDOW_DAYS} días o de los próximos ${PICO_PLACA_REPORT_WINDOW_DAYS}.`,
  noCity: 'Tu vehículo no tiene una ciudad registrada: agrégala en tu garaje para poder reportar.',
  alreadyResolved: 'Este reporte ya fue resuelto.',
  tooMany: (wait: string) => `Enviaste muchos reportes seguidos. Intenta de nuevo en ${wait}.`,
} as const;

/** An optional free text: trimmed, at most `max` characters; empty or absent → null. */
function optionalText(max: number, tooLong: string) {
  return z
    .string({ error: PICO_PLACA_REPORT_MESSAGES.text })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** POST /api/togo/pico-placa/reportes/ */
export const picoPlacaReportBodySchema = z.strictObject({
  id_garaje: z
    .number({ error: PICO_PLACA_REPORT_MESSAGES.vehicle })
    .int(PICO_PLACA_REPORT_MESSAGES.vehicle)
    .min(1, PICO_PLACA_REPORT_MESSAGES.vehicle)
    .max(2_147_483_647, PICO_PLACA_REPORT_MESSAGES.vehicle),
  fecha: z
    .string({ error: PICO_PLACA_REPORT_MESSAGES.required })
    .trim()
    .refine(isValidIsoDate, PICO_PLACA_REPORT_MESSAGES.badDate),
  nota: optionalText(PICO_PLACA_REPORT_NOTE_MAX, PICO_PLACA_REPORT_MESSAGES.noteTooLong),
});
export type PicoPlacaReportBody = z.output<typeof picoPlacaReportBodySchema>;

export const PICO_PLACA_REPORT_STATES = ['abierto', 'resuelto'] as const;
export const picoPlacaReportStateSchema = z.enum(PICO_PLACA_REPORT_STATES);
export type PicoPlacaReportState = z.infer<typeof picoPlacaReportStateSchema>;

export const picoPlacaVehicleTypeSchema = z.enum(['particular', 'moto']);

/** What TOGO answered when the report was made (kept so the operator sees what the driver saw). */
export const picoPlacaReportAnswerSchema = z.object({
  status: PicoPlacaResultStatusSchema,
  certeza: picoPlacaCertezaSchema,
  mensaje: z.string(),
  digitos: z.array(z.number().int()),
  fuentes: z.array(z.string()),
  verificado_el: z.string().nullable(),
  /** The city's rule version then (pico_placa_cities.version; 0 = the seed's), null when the city had none. */
  version: z.number().int().nullable(),
});
export type PicoPlacaReportAnswer = z.infer<typeof picoPlacaReportAnswerSchema>;

/** A report as its driver sees it. */
export const picoPlacaReportSchema = z.object({
  id: z.number().int(),
  id_garaje: z.number().int().nullable(),
  fecha: z.string(),
  ciudad: z.string(),
  digito: z.number().int().min(0).max(9),
  tipo_vehiculo: picoPlacaVehicleTypeSchema,
  nota: z.string().nullable(),
  estado: picoPlacaReportStateSchema,
  /** The operator's reply, once resolved (may stay null). */
  respuesta: z.string().nullable(),
  /** ISO instants. */
  creado: z.string(),
  resuelto_el: z.string().nullable(),
});
export type PicoPlacaReport = z.infer<typeof picoPlacaReportSchema>;

/** POST answer: 201 with a new report, 200 with the same report already sent that day (`duplicado`). */
export const picoPlacaReportCreatedSchema = picoPlacaReportSchema.extend({ duplicado: z.boolean() });
export type PicoPlacaReportCreated = z.infer<typeof picoPlacaReportCreatedSchema>;

/** GET /api/togo/pico-placa/reportes/?id_garaje= : the driver's reports of that vehicle, newest first. */
export const picoPlacaReportListQuerySchema = z.object({
  id_garaje: z
    .string({ error: PICO_PLACA_REPORT_MESSAGES.vehicle })
    .trim()
    .regex(/^\d{1,9}$/, PICO_PLACA_REPORT_MESSAGES.vehicle)
    .transform(Number),
});

/** A report in the console's "Por revisar" list: no driver identity, what TOGO said, the note. */
export const operatorPicoPlacaReportSchema = picoPlacaReportSchema.omit({ id_garaje: true }).extend({
  dane: z.string(),
  dijo: picoPlacaReportAnswerSchema,
  /** The staff member who resolved it (email), once resolved. */
  resuelto_por: z.string().nullable(),
});
export type OperatorPicoPlacaReport = z.infer<typeof operatorPicoPlacaReportSchema>;

export const operatorPicoPlacaReportQuerySchema = z.object({
  estado: picoPlacaReportStateSchema.default('abierto'),
});

/** POST /api/operador/pico-placa/reportes/{id}/resolver/ */
export const picoPlacaReportResolveSchema = z.strictObject({
  respuesta: optionalText(PICO_PLACA_REPORT_REPLY_MAX, PICO_PLACA_REPORT_MESSAGES.replyTooLong),
});

export const picoPlacaReportParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'Reporte no encontrado.')
    .transform(Number),
});

/** The notification a driver gets when their report is resolved (in-app, and the channels they allow). */
export const PICO_PLACA_REPORT_CODE = 'PICO_PLACA_REPORTE';

export function picoPlacaReportResolvedTexts(input: {
  ciudad: string;
  fecha: string;
  respuesta: string | null;
}): { titulo: string; message: string } {
  const [y, m, d] = input.fecha.split('-');
  const base = `Revisamos tu reporte sobre el pico y placa de ${input.ciudad} del ${d}/${m}/${y}.`;
  return {
    titulo: 'Revisamos tu reporte de pico y placa',
    message: input.respuesta
      ? `${base} Respuesta de TOGO: ${input.respuesta}`
      : `${base} ¡Gracias por avisarnos!`,
  };
}
