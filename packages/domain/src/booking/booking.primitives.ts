import { z } from 'zod';
import { BOOKING_MSG } from './booking.messages.ts';

// ───────────────────────────── primitives ─────────────────────────────

export const FROM_FLOWS = ['rtm', 'peritaje', 'tramites'] as const;
export type FromFlow = (typeof FROM_FLOWS)[number];
export const fromFlowSchema = z.enum(FROM_FLOWS, { error: BOOKING_MSG.invalidChoice });

/** SPPF §9 attention type. */
export const ATTENTION_TYPES = ['presencial', 'a_domicilio'] as const;
export type AttentionType = (typeof ATTENTION_TYPES)[number];

/**
 * How the client pays (SPPF §4 confirm flow). 'pagar_ahora' (default when absent): the slot is held for
 * `HOLD_MINUTES` and the answer carries `linkPago`; 'pagar_en_sitio': the booking is confirmed at once and
 * `linkPago` is null.
 */
export const PAYMENT_METHODS = ['pagar_ahora', 'pagar_en_sitio'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const HOLD_MINUTES = 15;

export const requiredString = (max = 200) =>
  z.string({ error: BOOKING_MSG.required }).trim().min(1, BOOKING_MSG.required).max(max, BOOKING_MSG.tooLong);

export const optionalString = (max = 200) => z.string().trim().max(max, BOOKING_MSG.tooLong).optional();

/** An optional phone: spaces removed, then 7 to 15 digits after an optional '+' (empty = none); letters: 400. */
export const optionalPhone = () =>
  z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^(\+?\d{7,15})?$/, BOOKING_MSG.phoneFormat))
    .transform((v) => v || undefined)
    .optional();

/** 6 to 7 letters or digits (SPPF §5, §9); dashes and spaces removed, upper-cased. */
export const bookingPlateSchema = z
  .string({ error: BOOKING_MSG.plateRequired })
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, BOOKING_MSG.plateRequired)
      .regex(/^[A-Z0-9]{6,7}$/, BOOKING_MSG.plateFormat),
  );

/**
 * A date on the wire: 'YYYY-MM-DD', or the client's 'YYYY-MM-DDT00:00:00' (SPPF §9; '.000' and 'Z' tolerated).
 * Output: 'YYYY-MM-DD'.
 */
export const bookingDateSchema = z
  .string({ error: BOOKING_MSG.required })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T00:00:00(\.0{1,3})?Z?)?$/, BOOKING_MSG.invalidDate)
  .transform((v) => v.slice(0, 10))
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, BOOKING_MSG.invalidDate);

/** 'H:00 AM' / 'H:00 PM' (1–12, leading zero tolerated, case-insensitive); output normalised 'H:00 AM'. */
export const franjaSchema = z
  .string({ error: BOOKING_MSG.required })
  .trim()
  .regex(/^(0?[1-9]|1[0-2]):00\s?(AM|PM|am|pm)$/, BOOKING_MSG.invalidSlot)
  .transform((v) => {
    const m = /^(\d{1,2}):00\s?(\w{2})$/.exec(v);
    return `${Number(m?.[1])}:00 ${(m?.[2] ?? '').toUpperCase()}`;
  });

/** Peritaje groups (SPPF §3 combos table). */
export const PERITAJE_GROUPS = ['Livianos', 'Motocicletas', 'A Domicilio'] as const;
export type PeritajeGroup = (typeof PERITAJE_GROUPS)[number];
/** Fuel or type per group (SPPF §3). 'A Domicilio' offers the light-vehicle fuels, in Bogotá only. */
export const PERITAJE_FUELS = ['Gasolina', 'Diesel', 'Hibrido', 'Electrico', 'Urbana', 'SuperBike'] as const;
export type PeritajeFuel = (typeof PERITAJE_FUELS)[number];

/** Money in COP, no decimals. */
export const copSchema = z.number().int().nonnegative();

// ───────────────────────────── envelopes ─────────────────────────────

/** `{ sessionInfo: { parameters: P } }` — the request envelope of the "parameters" calls. */
export const sessionEnvelope = <P extends z.ZodType>(parameters: P) =>
  z.object({
    sessionInfo: z.object({ parameters }, { error: BOOKING_MSG.required }),
  });

/** Text message of a fulfillment response. */
export const textMessageSchema = z.object({ text: z.object({ text: z.array(z.string()) }) });

/** Chips element of a rich-content payload. */
export const chipsSchema = <O extends z.ZodType>(option: O) =>
  z.object({ type: z.literal('chips'), options: z.array(option) });

/**
 * `fulfillmentResponse.messages = [ {text}, {payload: {richContent: [[{type:'chips', options}]]}} ]`.
 */
export const richOptionsResponseSchema = <O extends z.ZodType>(option: O) =>
  z.object({
    fulfillmentResponse: z.object({
      messages: z.tuple([
        textMessageSchema,
        z.object({ payload: z.object({ richContent: z.array(z.array(chipsSchema(option))) }) }),
      ]),
    }),
  });

/** Answer of a "parameters" response: `sessionInfo.parameters` mirrored as `session_info.parameters`. */
export const sessionAnswerSchema = <P extends z.ZodType>(parameters: P) =>
  z.object({
    sessionInfo: z.object({ parameters }).optional(),
    session_info: z.object({ parameters }).optional(),
    fulfillmentResponse: z.object({ messages: z.array(textMessageSchema) }).optional(),
  });

/** `sessionInfo.parameters`, else `session_info.parameters`, else null (then show `firstMessage`). */
export function readParameters<P>(answer: {
  sessionInfo?: { parameters: P } | undefined;
  session_info?: { parameters: P } | undefined;
}): P | null {
  return answer.sessionInfo?.parameters ?? answer.session_info?.parameters ?? null;
}

/** First text of `fulfillmentResponse.messages` (the 'Ups!' warning text), or null. */
export function firstMessage(answer: {
  fulfillmentResponse?: { messages: Array<{ text: { text: string[] } }> } | undefined;
}): string | null {
  return answer.fulfillmentResponse?.messages[0]?.text.text[0] ?? null;
}

/** `fulfillmentResponse.messages[1].payload.richContent[0][0].options`, or [] when absent. */
export function readOptions<O>(answer: {
  fulfillmentResponse: { messages: [unknown, { payload: { richContent: Array<Array<{ options: O[] }>> } }] };
}): O[] {
  return answer.fulfillmentResponse.messages[1].payload.richContent[0]?.[0]?.options ?? [];
}
