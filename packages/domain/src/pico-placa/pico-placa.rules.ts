import { z } from 'zod';

/**
 * Schemas for the pico y placa reference data (`shared/data/pico-y-placa.json`, schema_version 1.0).
 *
 * Fields the engine reads are validated strictly (types, formats, enums); informational fields
 * (notes, sources, summaries, fines …) are optional and every object is "loose" so that extra keys added
 * by a future compilation survive a parse → store → parse round trip. The one exception is a rule's
 * `condition`: it is a strict object, because a condition the engine does not understand would otherwise be
 * silently ignored and the rule applied to every vehicle.
 */

export const PICO_PLACA_VEHICLE_TYPES = ['particular', 'moto'] as const;
export const PicoPlacaVehicleTypeSchema = z.enum(PICO_PLACA_VEHICLE_TYPES);
export type PicoPlacaVehicleType = z.infer<typeof PicoPlacaVehicleTypeSchema>;

export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export const WeekdaySchema = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof WeekdaySchema>;

/** 'YYYY-MM-DD', a real calendar date. */
export const IsoDateSchema = z.iso.date();

/** DANE DIVIPOLA municipality code: 5 digits (department 2 + municipality 3). */
export const DaneCodeSchema = z.string().regex(/^\d{5}$/, 'Código DANE de 5 dígitos');

/** A plate digit 0-9. */
export const PlateDigitSchema = z.number().int().min(0).max(9);
export const DigitListSchema = z.array(PlateDigitSchema);

const CLOCK_RE = /^(\d{2}):([0-5]\d)$/;

/** Minutes after 00:00 of a 'HH:MM' clock value (hours may exceed 23: '30:00' = 06:00 next day). */
export function clockToMinutes(value: string): number {
  const match = CLOCK_RE.exec(value);
  if (!match) throw new RangeError(`Invalid clock value '${value}', expected HH:MM`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Like clockToMinutes, undefined when malformed (zod runs refinements even after a format issue). */
function clockMinutesOrUndefined(value: unknown): number | undefined {
  return typeof value === 'string' && CLOCK_RE.test(value) ? clockToMinutes(value) : undefined;
}

/** 'HH:MM' from 00:00 to 48:00 (a window end beyond 24:00 continues into the next calendar day). */
export const ClockSchema = z
  .string()
  .regex(CLOCK_RE, 'Hora HH:MM')
  .refine((value) => (clockMinutesOrUndefined(value) ?? 0) <= 48 * 60, 'Hora fuera de rango (máximo 48:00)');

/** Start inclusive, end exclusive. */
export const TimeWindowSchema = z
  .looseObject({ start: ClockSchema, end: ClockSchema })
  .refine((w) => (clockMinutesOrUndefined(w.start) ?? 0) < 24 * 60, {
    message: 'El inicio debe ser anterior a 24:00',
    path: ['start'],
  })
  .refine(
    (w) => {
      const start = clockMinutesOrUndefined(w.start);
      const end = clockMinutesOrUndefined(w.end);
      return start === undefined || end === undefined || start < end;
    },
    { message: 'El fin debe ser posterior al inicio', path: ['end'] },
  );
export type TimeWindow = z.infer<typeof TimeWindowSchema>;

export const DigitSelectorSchema = z.enum(['last', 'first']);
export type DigitSelector = z.infer<typeof DigitSelectorSchema>;

export const AreaScopeSchema = z.enum(['citywide', 'zone', 'corridors']);
export type AreaScope = z.infer<typeof AreaScopeSchema>;

export const ConfidenceSchema = z.enum(['high', 'medium', 'low']);
export type Confidence = z.infer<typeof ConfidenceSchema>;

// ---------------------------------------------------------------------------------------------------------
// Schemes
// ---------------------------------------------------------------------------------------------------------

/** MON..FRI (or any weekday) → restricted digits. Days absent from the map restrict nothing. */
export const WeekdayDigitsSchemeSchema = z.looseObject({
  type: z.literal('weekday_digits'),
  map: z.partialRecord(WeekdaySchema, DigitListSchema),
});

/** Restricted digits by parity of the day of the month (Bogotá). */
export const DateParitySchemeSchema = z.looseObject({
  type: z.literal('date_parity'),
  even_dates: DigitListSchema,
  odd_dates: DigitListSchema,
});

/**
 * index = (anchor_index + weeks_between(anchor_week_monday, monday_of(date)) * step_per_week
 *          + weekday_index(Mon=0) * step_per_weekday) mod len(pairs); published_dates override.
 */
export const RotatingPairsSchemeSchema = z
  .looseObject({
    type: z.literal('rotating_pairs'),
    pairs: z.array(DigitListSchema).min(1),
    anchor_week_monday: IsoDateSchema,
    anchor_index: z.number().int().min(0),
    step_per_week: z.number().int(),
    step_per_weekday: z.number().int(),
    published_dates: z.record(IsoDateSchema, DigitListSchema).optional(),
  })
  .refine(
    (s) =>
      typeof s.anchor_week_monday !== 'string' ||
      new Date(`${s.anchor_week_monday}T00:00:00Z`).getUTCDay() === 1,
    {
      message: 'anchor_week_monday debe ser un lunes',
      path: ['anchor_week_monday'],
    },
  );

/**
 * Cartagena's pattern (decision 080): the restricted pair moves one step every day the rule runs (its `days`,
 * minus holidays when skip_holidays), so a holiday or a weekend shifts the whole sequence. `anchor_date` is a day
 * the rule runs whose pair is `pairs[anchor_index]`; published_dates override.
 */
export const WorkingDayRotationSchemeSchema = z.looseObject({
  type: z.literal('working_day_rotation'),
  pairs: z.array(DigitListSchema).min(1),
  anchor_date: IsoDateSchema,
  anchor_index: z.number().int().min(0),
  published_dates: z.record(IsoDateSchema, DigitListSchema).optional(),
});

/** Explicit dates → digits ALLOWED; every other digit is restricted on those dates (nothing on other dates). */
export const DateAllowedDigitsSchemeSchema = z.looseObject({
  type: z.literal('date_allowed_digits'),
  allowed: z.record(IsoDateSchema, DigitListSchema),
});

/** Bogotá festive-return entry rule: each window restricts its own digits (informational). */
export const RegionalEntryParitySchemeSchema = z.looseObject({
  type: z.literal('regional_entry_parity'),
  windows: z
    .array(z.looseObject({ start: ClockSchema, end: ClockSchema, restricted: DigitListSchema }))
    .min(1),
});

export const PicoPlacaSchemeSchema = z.discriminatedUnion('type', [
  WeekdayDigitsSchemeSchema,
  DateParitySchemeSchema,
  RotatingPairsSchemeSchema,
  WorkingDayRotationSchemeSchema,
  DateAllowedDigitsSchemeSchema,
  RegionalEntryParitySchemeSchema,
]);
export type PicoPlacaScheme = z.infer<typeof PicoPlacaSchemeSchema>;
export type PicoPlacaSchemeType = PicoPlacaScheme['type'];

// ---------------------------------------------------------------------------------------------------------
// Rules and cities
// ---------------------------------------------------------------------------------------------------------

/**
 * Where the vehicle is registered (DANE code of its transit authority's municipality).
 * `registered_in`: the rule applies only to vehicles registered in one of the codes;
 * `registered_outside`: only to vehicles registered in none of them.
 */
export const RuleConditionSchema = z
  .strictObject({
    registered_in: z.array(DaneCodeSchema).min(1).optional(),
    registered_outside: z.array(DaneCodeSchema).min(1).optional(),
  })
  .refine((c) => c.registered_in !== undefined || c.registered_outside !== undefined, {
    message: 'La condición está vacía',
  });
export type RuleCondition = z.infer<typeof RuleConditionSchema>;

export const PicoPlacaRuleSchema = z
  .looseObject({
    id: z.string().min(1),
    applies_to: z.array(PicoPlacaVehicleTypeSchema).min(1),
    /** Inclusive; null = open (no known start). */
    valid_from: IsoDateSchema.nullable(),
    /** Inclusive; null = open-ended ("last known"). */
    valid_to: IsoDateSchema.nullable(),
    days: z.array(WeekdaySchema).min(1),
    time_windows: z.array(TimeWindowSchema).min(1),
    skip_holidays: z.boolean(),
    digit: DigitSelectorSchema,
    scheme: PicoPlacaSchemeSchema,
    area: z.string(),
    area_scope: AreaScopeSchema,
    confidence: ConfidenceSchema,
    sources: z.array(z.string()).default([]),
    notes: z.string().optional(),
    /** false = informational only, never used by the engine. */
    evaluate_by_default: z.boolean().optional(),
    condition: RuleConditionSchema.optional(),
    /** The date the rule's sources were last checked (decision 080). */
    verified_on: IsoDateSchema.nullable().optional(),
    /** After this date an open-ended rule is 'por confirmar'; default verified_on + 183 days. */
    review_by: IsoDateSchema.nullable().optional(),
    status: z.string().optional(),
    applies_on: z.string().optional(),
    valid_from_approx: z.boolean().optional(),
    valid_to_approx: z.boolean().optional(),
  })
  .refine((r) => r.valid_from === null || r.valid_to === null || r.valid_from <= r.valid_to, {
    message: 'valid_from debe ser anterior o igual a valid_to',
    path: ['valid_to'],
  });
export type PicoPlacaRule = z.infer<typeof PicoPlacaRuleSchema>;

export const SuspensionSchema = z
  .looseObject({
    from: IsoDateSchema,
    to: IsoDateSchema,
    applies_to: z.array(PicoPlacaVehicleTypeSchema).min(1),
    reason: z.string(),
    sources: z.array(z.string()).optional(),
    from_approx: z.boolean().optional(),
    to_approx: z.boolean().optional(),
  })
  .refine((s) => s.from <= s.to, { message: 'from debe ser anterior o igual a to', path: ['to'] });
export type Suspension = z.infer<typeof SuspensionSchema>;

export const MotorcyclesInfoSchema = z.looseObject({
  /** null = not known. Informational: the engine uses rules and exempt_vehicle_types. */
  restricted: z.boolean().nullable(),
  digit: DigitSelectorSchema.optional(),
  notes: z.string().optional(),
  sources: z.array(z.string()).optional(),
});

/** Statuses the engine acts on; other values are informational ('active', 'unknown_after_YYYY-MM-DD', …). */
export const NO_RESTRICTION_STATUSES = ['no_private_car_restriction', 'no_restriction_found'] as const;
export const CityStatusSchema = z.union([
  z.enum(['active', ...NO_RESTRICTION_STATUSES]),
  z.string().regex(/^unknown_after_\d{4}-\d{2}-\d{2}$/),
]);
export type CityStatus = z.infer<typeof CityStatusSchema>;

export const CityKeySchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Clave de ciudad en kebab-case');

export const PicoPlacaCitySchema = z
  .looseObject({
    key: CityKeySchema,
    name: z.string().min(1),
    dane_code: DaneCodeSchema,
    department_code: z
      .string()
      .regex(/^\d{2}$/)
      .optional(),
    /** DANE codes of every municipality the rules cover (includes dane_code). */
    municipalities: z.array(DaneCodeSchema).min(1),
    status: CityStatusSchema,
    authority: z.string().optional(),
    summary: z.string().optional(),
    rules: z.array(PicoPlacaRuleSchema),
    motorcycles: MotorcyclesInfoSchema,
    exempt_vehicle_types: z.array(PicoPlacaVehicleTypeSchema).optional(),
    suspensions: z.array(SuspensionSchema).default([]),
    fine: z.string().nullable().optional(),
    sources: z.array(z.string()).optional(),
    confidence: ConfidenceSchema.optional(),
    /** City-level facts (no restriction, exempt vehicle types): when checked, and until when (decision 080). */
    verified_on: IsoDateSchema.nullable().optional(),
    review_by: IsoDateSchema.nullable().optional(),
  })
  .refine((c) => !Array.isArray(c.rules) || new Set(c.rules.map((r) => r.id)).size === c.rules.length, {
    message: 'Los id de las reglas deben ser únicos',
    path: ['rules'],
  });
export type PicoPlacaCity = z.infer<typeof PicoPlacaCitySchema>;

export const PicoPlacaCitiesSchema = z
  .array(PicoPlacaCitySchema)
  .refine((cities) => new Set(cities.map((c) => c.key)).size === cities.length, {
    message: 'Las claves de ciudad deben ser únicas',
  });

// ---------------------------------------------------------------------------------------------------------
// Holidays, embed list, test cases and the whole file
// ---------------------------------------------------------------------------------------------------------

export const HolidaySchema = z.looseObject({ date: IsoDateSchema, name: z.string() });
export type Holiday = z.infer<typeof HolidaySchema>;

/** `{ rule, dates: { "2025": [{date, name}], … } }` as in the data file. */
export const HolidaysSchema = z.looseObject({
  rule: z.string().optional(),
  dates: z.record(z.string().regex(/^\d{4}$/), z.array(HolidaySchema)),
});
export type Holidays = z.infer<typeof HolidaysSchema>;

export const EmbedCitySchema = z.looseObject({
  slug: CityKeySchema,
  name: z.string().min(1),
  dane_code: DaneCodeSchema.optional(),
  /** `cities[].key` whose rules apply; null when the data has no rules for it. */
  rules_city: CityKeySchema.nullable().optional(),
});
export type EmbedCity = z.infer<typeof EmbedCitySchema>;

export const PicoPlacaEmbedSchema = z.looseObject({
  description: z.string().optional(),
  url_pattern: z.string().optional(),
  default_slug: CityKeySchema,
  source: z.string().optional(),
  confidence: ConfidenceSchema.optional(),
  cities: z.array(EmbedCitySchema).min(1),
});
export type PicoPlacaEmbed = z.infer<typeof PicoPlacaEmbedSchema>;

export const PicoPlacaResultStatusSchema = z.enum(['restricted', 'not_restricted', 'unknown']);
export type PicoPlacaResultStatus = z.infer<typeof PicoPlacaResultStatusSchema>;

export const PicoPlacaTestCaseSchema = z.looseObject({
  city: CityKeySchema,
  plate: z.string().min(1),
  vehicle_type: PicoPlacaVehicleTypeSchema,
  /** 'YYYY-MM-DDTHH:mm', America/Bogota local time. */
  datetime: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
  expected: PicoPlacaResultStatusSchema,
  /** Checked when present (decision 080). */
  expected_certainty: z.enum(['vigente', 'por_confirmar', 'sin_informacion']).optional(),
  why: z.string().optional(),
});
export type PicoPlacaTestCase = z.infer<typeof PicoPlacaTestCaseSchema>;

/** The whole `pico-y-placa.json` file. */
export const PicoPlacaDataFileSchema = z.looseObject({
  schema_version: z.string(),
  compiled_on: IsoDateSchema.optional(),
  sources_dated_up_to: z.string().optional(),
  timezone: z.literal('America/Bogota'),
  scope: z.string().optional(),
  disclaimer: z.string().optional(),
  engine: z.looseObject({}).optional(),
  /** Ignored: holidays come from the colombian-holidays library (decision 081). Kept readable for old files. */
  holidays: HolidaysSchema.optional(),
  embed: PicoPlacaEmbedSchema,
  cities: PicoPlacaCitiesSchema,
  test_cases: z.array(PicoPlacaTestCaseSchema).default([]),
});
export type PicoPlacaDataFile = z.infer<typeof PicoPlacaDataFileSchema>;
