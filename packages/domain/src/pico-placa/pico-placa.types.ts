/** The pico y placa engine's inputs and results (see pico-placa.engine.ts). */
import type {
  AreaScope,
  Confidence,
  PicoPlacaCity,
  PicoPlacaResultStatus,
  PicoPlacaVehicleType,
} from './pico-placa.rules.ts';

/** Holidays are not data: they come from the one holiday source (calendar/colombian-holidays.ts). */
export interface PicoPlacaData {
  cities: readonly PicoPlacaCity[];
}

/**
 * How sure TOGO is of an answer (decision 080): 'vigente' inside a dated rule period or before an open-ended rule's
 * review date; 'por_confirmar' after it (the last verified rule still answers); 'sin_informacion' when no rule
 * covers the date (status 'unknown').
 */
export type PicoPlacaCertainty = 'vigente' | 'por_confirmar' | 'sin_informacion';

/** What an answer rests on: its certainty, when its sources were last checked and the sources themselves. */
export interface PicoPlacaEvidence {
  certainty: PicoPlacaCertainty;
  /** The oldest `verified_on` of what was used; null when something used was never verified (or unknown). */
  verifiedOn: string | null;
  /** URLs of the rules (or the city's facts, or the suspension) used; empty only when sin_informacion. */
  sources: string[];
}

export interface PicoPlacaQuery {
  plate: string;
  vehicleType: PicoPlacaVehicleType;
  /** `cities[].key`; takes precedence over municipalityCode. */
  cityKey?: string;
  /** DANE 5-digit code of the municipality where the vehicle drives (e.g. '05088' Bello → medellin). */
  municipalityCode?: string;
  /**
   * DANE code of the municipality where the vehicle is registered. Only rules with a `condition` read it
   * (Cúcuta: metropolitan vs other plates). When absent every registration is tried and a result that
   * depends on it is reported as 'unknown'.
   */
  registrationMunicipalityCode?: string;
}

export interface PicoPlacaInput extends PicoPlacaQuery {
  /** 'YYYY-MM-DDTHH:mm' local time in America/Bogota. */
  localDateTime: string;
}

export interface PicoPlacaDayInput extends PicoPlacaQuery {
  /** 'YYYY-MM-DD' local date in America/Bogota. */
  date: string;
}

export interface PicoPlacaWindow {
  /** 'HH:MM' */
  start: string;
  /** 'HH:MM', exclusive; '24:00' = until midnight. */
  end: string;
}

export interface PicoPlacaRuleRef {
  id: string;
  area: string;
  /** 'zone' / 'corridors': the restriction applies only inside that area. */
  area_scope: AreaScope;
  confidence: Confidence;
  sources: string[];
}

/** One rule that restricts the plate on the calendar day, with its windows clipped to that day. */
export interface PicoPlacaRestriction {
  rule: PicoPlacaRuleRef;
  windows: PicoPlacaWindow[];
  digit: number;
}

export interface PicoPlacaResult extends PicoPlacaEvidence {
  status: PicoPlacaResultStatus;
  city?: { key: string; name: string };
  /** The matching rule (restricted) or the rule restricting the plate at another time of the day. */
  rule?: PicoPlacaRuleRef;
  /**
   * Windows of `rule` on that calendar day, clipped to 00:00-24:00 (a window 06:00-30:00 shows as 06:00-24:00
   * on its day and 00:00-06:00 on the next). Present whenever the plate is restricted at some time of the day.
   */
  windows?: PicoPlacaWindow[];
  /** The plate digit the rule reads. */
  digit?: number;
  /** Every rule restricting the plate that day (e.g. a zone rule and a citywide rule), primary first. */
  restrictions?: PicoPlacaRestriction[];
  /** Short Spanish explanation for logs and support. */
  reason: string;
}

export interface PicoPlacaDayResult extends PicoPlacaResult {
  /** 'YYYY-MM-DD' */
  date: string;
  /** Plate digits restricted that day for the vehicle type in the city (whatever the plate); empty when none. */
  digits: number[];
  /** When those digits are restricted that day (the city's hours, clipped to the day); empty when none. */
  dayWindows: PicoPlacaWindow[];
}
