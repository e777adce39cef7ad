import { z } from 'zod';
import { BOOKING_MSG } from './booking.messages.ts';
import { BOOKING_STATES } from './booking-states.ts';
import {
  ATTENTION_TYPES,
  PAYMENT_METHODS,
  requiredString,
  optionalString,
  bookingPlateSchema,
  bookingDateSchema,
  franjaSchema,
  copSchema,
  sessionEnvelope,
} from './booking.primitives.ts';
import { tramitesDetailsShape } from './booking-detail.contract.ts';

// ───────────────────────────── booking ─────────────────────────────

/** Schedule payload (SPPF §3): franja, fecha_agenda, promocion = 'NO'; plus how the client pays. */
const scheduleShape = {
  fecha_agenda: bookingDateSchema,
  franja: franjaSchema,
  promocion: z.string().trim().max(10).default('NO'),
  metodo_pago: z.enum(PAYMENT_METHODS, { error: BOOKING_MSG.invalidChoice }).default('pagar_ahora'),
};

/** POST wh/agendamiento/agenda/ — RTM booking. */
export const rtmBookRequestSchema = sessionEnvelope(
  z.object({
    sede: requiredString(100),
    placa: bookingPlateSchema,
    ciudad: optionalString(100),
    cliente: optionalString(100),
    ...scheduleShape,
  }),
);
export type RtmBookRequest = z.input<typeof rtmBookRequestSchema>;

/** POST wh/tramites/agenda/ — the stored trámites details plus the schedule payload. */
export const tramitesBookRequestSchema = sessionEnvelope(
  z.object({ ...tramitesDetailsShape, ...scheduleShape }),
);
export type TramitesBookRequest = z.input<typeof tramitesBookRequestSchema>;

/**
 * POST wh/peritajes/agenda/ — peritaje booking with the branch data and the result-delivery fields (SPPF §7):
 * recibir_resultado 'true'/'false', correo_resultado (null when empty), nombre_resultado, direccion_servicio
 * (required for home service). The server re-validates the §5 rules.
 */
export const peritajeBookRequestSchema = sessionEnvelope(
  z
    .object({
      sede: requiredString(100),
      placa: bookingPlateSchema,
      combo: requiredString(100),
      tipo_atencion: z.enum(ATTENTION_TYPES, { error: BOOKING_MSG.invalidChoice }).default('presencial'),
      clase: optionalString(40),
      combustible: optionalString(40),
      ciudad: optionalString(100),
      cliente: optionalString(100),
      direccion: optionalString(300),
      telefono: optionalString(40),
      maps: optionalString(500),
      recibir_resultado: z
        .union([z.enum(['true', 'false']), z.boolean()], { error: BOOKING_MSG.invalidChoice })
        .transform((v) => v === true || v === 'true'),
      correo_resultado: z
        .string()
        .trim()
        .max(200, BOOKING_MSG.tooLong)
        .nullable()
        .optional()
        .transform((v) => (v ? v : null)),
      nombre_resultado: z
        .string({ error: BOOKING_MSG.nameRequired })
        .trim()
        .min(1, BOOKING_MSG.nameRequired)
        .max(200, BOOKING_MSG.tooLong),
      direccion_servicio: z
        .string()
        .trim()
        .max(300, BOOKING_MSG.tooLong)
        .nullable()
        .optional()
        .transform((v) => (v ? v : null)),
      ...scheduleShape,
    })
    .superRefine((v, ctx) => {
      if (v.recibir_resultado && !v.correo_resultado) {
        ctx.addIssue({ code: 'custom', path: ['correo_resultado'], message: BOOKING_MSG.emailRequired });
      }
      if (v.correo_resultado && !z.email().safeParse(v.correo_resultado).success) {
        ctx.addIssue({ code: 'custom', path: ['correo_resultado'], message: BOOKING_MSG.emailFormat });
      }
      if (v.tipo_atencion === 'a_domicilio' && !v.direccion_servicio) {
        ctx.addIssue({ code: 'custom', path: ['direccion_servicio'], message: BOOKING_MSG.addressRequired });
      }
    }),
);
export type PeritajeBookRequest = z.input<typeof peritajeBookRequestSchema>;

/**
 * Parameters of a booking answer (all three agenda calls): `linkPago` is the payment link for 'pagar_ahora'
 * (open it in the payment window), null for 'pagar_en_sitio'. `expira_en` (ISO instant) is when an unpaid hold
 * is released.
 */
export const bookingAnswerParametersSchema = z.object({
  linkPago: z.string().nullable(),
  id_agendamiento: z.string(),
  referencia: z.string(),
  estado: z.enum(BOOKING_STATES),
  fecha_agenda: z.string(),
  franja: z.string(),
  price: copSchema,
  expira_en: z.string().nullable(),
});
export type BookingAnswerParameters = z.infer<typeof bookingAnswerParametersSchema>;
export const bookingAnswerSchema = z.object({
  sessionInfo: z.object({ parameters: bookingAnswerParametersSchema }),
  session_info: z.object({ parameters: bookingAnswerParametersSchema }),
});
export type BookingAnswer = z.infer<typeof bookingAnswerSchema>;

/** Reads the payment link of a booking answer (session_info or sessionInfo), or null. */
export function readPaymentLink(answer: unknown): string | null {
  if (!answer || typeof answer !== 'object') return null;
  const a = answer as {
    session_info?: { parameters?: { linkPago?: unknown } };
    sessionInfo?: { parameters?: { linkPago?: unknown } };
  };
  const link = a.session_info?.parameters?.linkPago ?? a.sessionInfo?.parameters?.linkPago;
  return typeof link === 'string' && link.length > 0 ? link : null;
}
