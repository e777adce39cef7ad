import { z } from 'zod';
import { BOOKING_MSG } from './booking.messages.ts';
import {
  fromFlowSchema,
  requiredString,
  optionalString,
  copSchema,
  sessionEnvelope,
  richOptionsResponseSchema,
  PERITAJE_GROUPS,
  PERITAJE_FUELS,
} from './booking.primitives.ts';

// ───────────────────────────── branding ─────────────────────────────

/** POST wh/agendamiento/obtener-branding/ — parameters `cliente` (client identifier from configuration). */
export const brandingRequestSchema = sessionEnvelope(z.object({ cliente: requiredString(100) }));
export type BrandingRequest = z.input<typeof brandingRequestSchema>;
/** `llave`: the client's branding key, sent back as `llave` on the trámites calls. */
export const brandingParametersSchema = z.object({ llave: z.string(), cliente: z.string() });
export const brandingResponseSchema = z.object({
  sessionInfo: z.object({ parameters: brandingParametersSchema }),
});
export type BrandingResponse = z.infer<typeof brandingResponseSchema>;

// ───────────────────────────── cities ─────────────────────────────

/** POST wh/agendamiento/obtener-ciudades-togo/ — parameters `from_flow`. */
export const citiesRequestSchema = sessionEnvelope(z.object({ from_flow: fromFlowSchema }));
export type CitiesRequest = z.input<typeof citiesRequestSchema>;
/** City option: `text` = display name ('Bogotá D.C.'), `value` = DANE (DIVIPOLA) municipality code ('11001'). */
export const cityOptionSchema = z.object({ text: z.string(), value: z.string() });
export type CityOption = z.infer<typeof cityOptionSchema>;
export const citiesResponseSchema = richOptionsResponseSchema(cityOptionSchema);
export type CitiesResponse = z.infer<typeof citiesResponseSchema>;

// ───────────────────────────── branches ─────────────────────────────

/**
 * POST wh/transversal/sedes_by_ciudad/ — body `ciudad` (the city option's `value`, a DANE code; the city's
 * name is accepted too) and `from_flow`.
 */
export const branchesRequestSchema = z.object({
  ciudad: requiredString(100),
  from_flow: fromFlowSchema,
});
export type BranchesRequest = z.input<typeof branchesRequestSchema>;

/** Opening hours ('HH:mm', 24 h) on weekdays and Saturdays; closed on Sundays and holidays. */
export const openingHoursSchema = z.object({
  lunes_viernes: z.object({ apertura: z.string(), cierre: z.string() }),
  sabado: z.object({ apertura: z.string(), cierre: z.string() }).nullable(),
});
export type OpeningHours = z.infer<typeof openingHoursSchema>;

/**
 * Branch (SPPF §3): nombre, text (label shown in lists), direccion, imagen (absolute path of an SVG served by the
 * API), lat, lng, ciudad_sb (city name), telefono, maps (Google Maps link). `id` is what later calls send as
 * `sede`; `a_domicilio` marks the peritaje home-service pseudo-branch.
 */
export const branchSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  text: z.string(),
  direccion: z.string(),
  imagen: z.string(),
  lat: z.number(),
  lng: z.number(),
  ciudad_sb: z.string(),
  ciudad_codigo: z.string(),
  telefono: z.string(),
  maps: z.string(),
  horario: openingHoursSchema,
  capacidad: z.number().int(),
  a_domicilio: z.boolean(),
  /** Upcoming days ('YYYY-MM-DD') the operator closed the branch (issue 36); absent from older answers. */
  cierres: z.array(z.string()).optional(),
});
export type Branch = z.infer<typeof branchSchema>;
/** The answer is a plain array; empty = 'Actualmente no hay sedes…' (SPPF §8). */
export const branchesResponseSchema = z.array(branchSchema);
export type BranchesResponse = z.infer<typeof branchesResponseSchema>;

// ───────────────────────────── combos and trámites ─────────────────────────────

/**
 * POST wh/transversal/obtener-combo/?nombre__contains=… — `nombre__contains` matches the combo's `text`
 * (case- and accent-insensitive, e.g. 'Livianos Gasolina'). Optional parameters `grupo`, `combustible`.
 * The body may be empty or `{ sessionInfo: { parameters: { grupo?, combustible? } } }`.
 */
export const combosQuerySchema = z.object({ nombre__contains: optionalString(100) });
export const combosRequestSchema = z
  .object({
    sessionInfo: z
      .object({
        parameters: z.object({
          grupo: z.enum(PERITAJE_GROUPS, { error: BOOKING_MSG.invalidChoice }).optional(),
          combustible: z.enum(PERITAJE_FUELS, { error: BOOKING_MSG.invalidChoice }).optional(),
        }),
      })
      .optional(),
  })
  .optional();

/** Combo (SPPF §3): text ('Peritaje Oro Livianos Gasolina'), short_name ('Oro'), price (COP), sede (provider). */
export const comboSchema = z.object({
  id: z.string(),
  text: z.string(),
  short_name: z.string(),
  price: copSchema,
  sede: z.string(),
  grupo: z.enum(PERITAJE_GROUPS),
  combustible: z.enum(PERITAJE_FUELS),
  tasks: z.array(z.string()),
});
export type Combo = z.infer<typeof comboSchema>;
/** The answer is a plain array. */
export const combosResponseSchema = z.array(comboSchema);
export type CombosResponse = z.infer<typeof combosResponseSchema>;

/** POST wh/tramites/obtener-tramites/ — empty body or `{ sessionInfo: { parameters: {} } }`. */
export const tramitesRequestSchema = z
  .object({ sessionInfo: z.object({ parameters: z.looseObject({}) }).optional() })
  .optional();
/**
 * Procedure option (SPPF §3): text (name), price (COP), description, icon (absolute path of an SVG served by the
 * API); `value` is the trámite id sent back as `tramite`.
 */
export const tramiteOptionSchema = z.object({
  value: z.string(),
  text: z.string(),
  price: copSchema,
  description: z.string(),
  icon: z.string(),
});
export type TramiteOption = z.infer<typeof tramiteOptionSchema>;
export const tramitesResponseSchema = richOptionsResponseSchema(tramiteOptionSchema);
export type TramitesResponse = z.infer<typeof tramitesResponseSchema>;
