import { z } from 'zod';

/**
 * Wire contract of the booking calls (SPPF §7 "Chatbot-backend calls", all POST under `/wh/…`, trailing slash
 * included) and of the user's bookings (`GET/DELETE /api/togo/agendamientos/…`, beyond the spec).
 *
 * Envelopes:
 * - "parameters" calls take `{ sessionInfo: { parameters: {...} } }` (see `sessionEnvelope`);
 * - "body" calls (sedes_by_ciudad, confirmacion-sede, obtener_horarios_disponibles) take a plain JSON object.
 *
 * Answers follow the Dialogflow-CX webhook shape the client reads:
 * - `sessionInfo.parameters` (and the same object again under `session_info.parameters`, so a client may read
 *   either spelling — see `readParameters`);
 * - option lists in `fulfillmentResponse.messages[1].payload.richContent[0][0].options`: `messages[0]` is a text
 *   message (`{ text: { text: ['…'] } }`), `messages[1]` a payload whose richContent holds one chips element
 *   `{ type: 'chips', options: [...] }` (see `richOptionsResponseSchema`, `readOptions`);
 * - a "no session info" answer (SPPF §8 "Branch detail without session info") is a 200 with only
 *   `fulfillmentResponse.messages[0].text.text[0]` — the message to show in the 'Ups!' warning.
 * Errors are DRF bodies: 400 `{campo: [msg]}` or `{detail}`, 401/404 `{detail}`, 409 `{detail}` (slot taken).
 */

export const BOOKING_PATHS = {
  branding: '/wh/agendamiento/obtener-branding/',
  branchesByCity: '/wh/transversal/sedes_by_ciudad/',
  cities: '/wh/agendamiento/obtener-ciudades-togo/',
  rtmBranchDetail: '/wh/agendamiento/seleccion-sede-togo/',
  peritajeBranchDetail: '/wh/peritajes/detalle-sede/',
  tramitesBranchDetail: '/wh/tramites/confirmacion-sede/',
  /** POST with the query `accion=obtener_horarios_disponibles`. */
  action: '/wh/transversal/ejecutar-accion/',
  slots: '/wh/transversal/ejecutar-accion/?accion=obtener_horarios_disponibles',
  rtmBook: '/wh/agendamiento/agenda/',
  tramitesBook: '/wh/tramites/agenda/',
  peritajeBook: '/wh/peritajes/agenda/',
  combos: '/wh/transversal/obtener-combo/',
  tramites: '/wh/tramites/obtener-tramites/',
  /** Beyond the spec: GET the user's bookings. */
  myBookings: '/api/togo/agendamientos/',
  /** Beyond the spec: DELETE one of the user's bookings (cancel). */
  myBooking: (id: string) => `/api/togo/agendamientos/${encodeURIComponent(id)}/`,
} as const;

export const SLOTS_ACTION = 'obtener_horarios_disponibles';

export const BOOKING_MSG = {
  required: 'Este campo es obligatorio.',
  tooLong: 'Demasiado largo.',
  invalidChoice: 'Opción inválida.',
  invalidDate: 'Fecha inválida, use AAAA-MM-DD.',
  invalidSlot: "Franja inválida, use 'H:00 AM' o 'H:00 PM'.",
  invalidRange: 'La fecha final debe ser igual o posterior a la inicial.',
  rangeTooLong: 'El rango de fechas no puede superar 31 días.',
  /** SPPF §5 texts, verbatim. */
  plateRequired: 'La placa es obligatoria.',
  plateFormat: 'Formato de placa invalido.',
  emailRequired: 'El correo es obligatorio.',
  emailFormat: 'Formato de correo invalido.',
  nameRequired: 'El nombre es obligatorio.',
  addressRequired: 'La direccion es obligatorio.',
  /** SPPF §8 texts the client shows. */
  noBranches: 'Actualmente no hay sedes para este servicio, Por favor, seleccione otra ciudad.',
  noSlots: 'No hay horarios disponibles para este dia, selecciona otro',
  rtmBookingError: 'Ocurrio un error, intenta nuevamente',
  tramitesBookingError: 'Ocurrió un error, intenta nuevamente',
  paymentLoadError: 'Error al cargar el enlace de pago.',
  paymentLinkMissing: 'Error: no se pudo obtener el link de pago.',
  /** Server answers. */
  slotTaken: 'El horario seleccionado ya no está disponible, selecciona otro.',
  slotUnavailable: 'El horario seleccionado no está disponible para esta sede y fecha.',
  branchNotFound: 'La sede seleccionada no existe o no presta este servicio.',
  vehicleNotInGarage: 'No encontramos ese vehículo en tu garaje.',
  vehicleTypeNotServed: 'Esta sede no atiende este tipo de vehículo, selecciona otra sede.',
  comboNotFound: 'El combo seleccionado no existe.',
  tramiteNotFound: 'El trámite seleccionado no existe.',
  homeServiceNotAvailable: 'El servicio a domicilio solo está disponible en Bogotá para vehículos livianos.',
  cannotCancel: 'Este agendamiento ya no se puede cancelar.',
  idempotencyMismatch: 'La clave Idempotency-Key ya se usó con otra solicitud.',
  idempotencyInProgress: 'Una solicitud con esta Idempotency-Key aún está en curso, intenta de nuevo.',
} as const;

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

const requiredString = (max = 200) =>
  z.string({ error: BOOKING_MSG.required }).trim().min(1, BOOKING_MSG.required).max(max, BOOKING_MSG.tooLong);

const optionalString = (max = 200) => z.string().trim().max(max, BOOKING_MSG.tooLong).optional();

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

/** Money in COP, no decimals. */
const copSchema = z.number().int().nonnegative();

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
});
export type Branch = z.infer<typeof branchSchema>;
/** The answer is a plain array; empty = 'Actualmente no hay sedes…' (SPPF §8). */
export const branchesResponseSchema = z.array(branchSchema);
export type BranchesResponse = z.infer<typeof branchesResponseSchema>;

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

/** Peritaje groups (SPPF §3 combos table). */
export const PERITAJE_GROUPS = ['Livianos', 'Motocicletas', 'A Domicilio'] as const;
export type PeritajeGroup = (typeof PERITAJE_GROUPS)[number];
/** Fuel or type per group (SPPF §3). 'A Domicilio' offers the light-vehicle fuels, in Bogotá only. */
export const PERITAJE_FUELS = ['Gasolina', 'Diesel', 'Hibrido', 'Electrico', 'Urbana', 'SuperBike'] as const;
export type PeritajeFuel = (typeof PERITAJE_FUELS)[number];

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
const tramitesDetailsShape = {
  placa: bookingPlateSchema,
  ciudad: requiredString(100),
  sede: requiredString(100),
  tramite: tramiteListSchema,
  cliente: optionalString(100),
  /** 57 + phone (SPPF §9). */
  celular: optionalString(20),
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

// ───────────────────────────── slots ─────────────────────────────

/**
 * POST wh/transversal/ejecutar-accion/?accion=obtener_horarios_disponibles — plain body. `servicio` (peritaje:
 * combo id; trámites: trámite id) is optional; dates inclusive, at most 31 days.
 */
export const slotsRequestSchema = z
  .object({
    sede: requiredString(100),
    servicio: optionalString(200),
    fecha_agenda_desde: bookingDateSchema,
    fecha_agenda_hasta: bookingDateSchema,
    from_flow: fromFlowSchema,
  })
  .superRefine((v, ctx) => {
    if (v.fecha_agenda_hasta < v.fecha_agenda_desde) {
      ctx.addIssue({ code: 'custom', path: ['fecha_agenda_hasta'], message: BOOKING_MSG.invalidRange });
    } else if ((Date.parse(v.fecha_agenda_hasta) - Date.parse(v.fecha_agenda_desde)) / 86_400_000 > 30) {
      ctx.addIssue({ code: 'custom', path: ['fecha_agenda_hasta'], message: BOOKING_MSG.rangeTooLong });
    }
  });
export type SlotsRequest = z.input<typeof slotsRequestSchema>;

/** A free slot: `id` like '7:00 AM' (the `franja` to book), `bloque` its AM/PM toggle, seats left. */
export const slotSchema = z.object({
  id: z.string(),
  hora: z.string(),
  bloque: z.enum(['AM', 'PM']),
  disponibles: z.number().int().positive(),
});
export type Slot = z.infer<typeof slotSchema>;
/** One item per date of the range, in order ([0] = fecha_agenda_desde); full or past slots are left out. */
export const slotsDaySchema = z.object({ fecha: z.string(), slots: z.array(slotSchema) });
export const slotsResponseSchema = z.array(slotsDaySchema);
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;

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

/** atendido and no_asistio are set by staff in the operator console. */
export const BOOKING_STATES = [
  'pendiente_pago',
  'confirmada',
  'cancelada',
  'expirada',
  'rechazada',
  'atendido',
  'no_asistio',
] as const;
export type BookingState = (typeof BOOKING_STATES)[number];
export const BOOKING_SERVICES = FROM_FLOWS;
export type BookingService = FromFlow;

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

// ───────────────────────────── the user's bookings (beyond the spec) ─────────────────────────────

/** GET /api/togo/agendamientos/ — the user's bookings, newest appointment first. */
export const myBookingSchema = z.object({
  id: z.string(),
  referencia: z.string(),
  servicio: z.enum(BOOKING_SERVICES),
  estado: z.enum(BOOKING_STATES),
  /** Refund of a paid booking cancelled by staff; null when none. */
  estado_reembolso: z.enum(['pendiente', 'realizado', 'fallido']).nullable().optional(),
  placa: z.string(),
  fecha_agenda: z.string(),
  franja: z.string(),
  tipo_atencion: z.enum(ATTENTION_TYPES),
  metodo_pago: z.enum(PAYMENT_METHODS),
  price: copSchema,
  /** Combo name or trámite names. */
  detalle: z.array(z.string()),
  sede: z.object({
    id: z.string(),
    nombre: z.string(),
    direccion: z.string(),
    telefono: z.string(),
    maps: z.string(),
    ciudad: z.string(),
  }),
  direccion_servicio: z.string().nullable(),
  linkPago: z.string().nullable(),
  expira_en: z.string().nullable(),
  creado: z.string(),
});
export type MyBooking = z.infer<typeof myBookingSchema>;
export const myBookingsResponseSchema = z.object({ results: z.array(myBookingSchema) });
export type MyBookingsResponse = z.infer<typeof myBookingsResponseSchema>;
/** DELETE /api/togo/agendamientos/{id}/ → 204; another user's or unknown id → 404; past/cancelled → 409. */
export const bookingIdParamsSchema = z.object({ id: z.uuid({ error: 'Agendamiento no encontrado.' }) });
