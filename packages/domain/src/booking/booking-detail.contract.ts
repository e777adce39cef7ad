import { z } from 'zod';
import { BOOKING_MSG } from './booking.messages.ts';
import {
  ATTENTION_TYPES,
  requiredString,
  optionalPhone,
  optionalString,
  bookingPlateSchema,
  copSchema,
  sessionEnvelope,
  sessionAnswerSchema,
} from './booking.primitives.ts';

// ───────────────────────────── branch detail ─────────────────────────────

/** Detail parameters every branch-detail answer carries (SPPF §3 "Branch detail response"). */
export const branchDetailParametersSchema = z.looseObject({
  placa: z.string(),
  tipo_vehiculo: z.string(),
  /** COP, no decimals. */
  price: copSchema,
  sede: z.string(),
  nombre_sede: z.string(),
  direccion: z.string(),
  telefono: z.string(),
  maps: z.string(),
  ciudad: z.string(),
});
export type BranchDetailParameters = z.infer<typeof branchDetailParametersSchema>;

/** POST wh/agendamiento/seleccion-sede-togo/ — RTM branch detail: the vehicle (by plate, in the user's garage). */
export const rtmBranchDetailRequestSchema = sessionEnvelope(
  z.object({
    sede: requiredString(100),
    placa: bookingPlateSchema,
    ciudad: optionalString(100),
    cliente: optionalString(100),
  }),
);
export type RtmBranchDetailRequest = z.input<typeof rtmBranchDetailRequestSchema>;
export const rtmBranchDetailResponseSchema = sessionAnswerSchema(branchDetailParametersSchema);
export type RtmBranchDetailResponse = z.infer<typeof rtmBranchDetailResponseSchema>;

/**
 * POST wh/peritajes/detalle-sede/ — peritaje branch detail: `combo` is the combo's `id`; `price` answers the
 * combo's price. For home service send `tipo_atencion: 'a_domicilio'` and the home pseudo-branch id as `sede`.
 */
export const peritajeBranchDetailRequestSchema = sessionEnvelope(
  z.object({
    sede: requiredString(100),
    placa: bookingPlateSchema,
    combo: requiredString(100),
    tipo_atencion: z.enum(ATTENTION_TYPES, { error: BOOKING_MSG.invalidChoice }).default('presencial'),
    clase: optionalString(40),
    combustible: optionalString(40),
    ciudad: optionalString(100),
    cliente: optionalString(100),
  }),
);
export type PeritajeBranchDetailRequest = z.input<typeof peritajeBranchDetailRequestSchema>;
export const peritajeBranchDetailResponseSchema = sessionAnswerSchema(branchDetailParametersSchema);

/** One or several procedures: an array of trámite ids, or one string (comma-separated ids tolerated). */
export const tramiteListSchema = z
  .union([z.array(z.string().trim().min(1).max(100)), z.string().trim().max(1000)], {
    error: BOOKING_MSG.required,
  })
  .transform((v) => [...new Set((Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))])
  .pipe(z.array(z.string()).min(1, BOOKING_MSG.required).max(10, BOOKING_MSG.tooLong));

/** The trámites details stored by the client between confirmacion-sede and agenda (SPPF §7, body fields). */
export const tramitesDetailsShape = {
  placa: bookingPlateSchema,
  ciudad: requiredString(100),
  sede: requiredString(100),
  tramite: tramiteListSchema,
  cliente: optionalString(100),
  /** 57 + phone (SPPF §9): digits only (spaces and a leading + tolerated), never letters (issue 36). */
  celular: optionalPhone(),
  tipo_identificacion: optionalString(40),
  numero_identificacion: optionalString(40),
  nombre: optionalString(200),
  correo: z.string().trim().max(200, BOOKING_MSG.tooLong).nullable().optional(),
  llave: optionalString(200),
};

/** POST wh/tramites/confirmacion-sede/ — plain body; reads session_info.parameters. */
export const tramitesBranchDetailRequestSchema = z.object({
  ...tramitesDetailsShape,
  from_flow: z.literal('tramites', { error: BOOKING_MSG.invalidChoice }).default('tramites'),
});
export type TramitesBranchDetailRequest = z.input<typeof tramitesBranchDetailRequestSchema>;
export const tramiteLineSchema = z.object({ id: z.string(), text: z.string(), price: copSchema });
export const tramitesDetailParametersSchema = branchDetailParametersSchema.extend({
  tramites: z.array(tramiteLineSchema),
});
export const tramitesBranchDetailResponseSchema = sessionAnswerSchema(tramitesDetailParametersSchema);
export type TramitesBranchDetailResponse = z.infer<typeof tramitesBranchDetailResponseSchema>;
