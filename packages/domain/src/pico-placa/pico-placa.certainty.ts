/** How sure an answer is (decision 080): the certainty, the date and the sources of what it rests on. */
import { addDays } from './pico-placa.calendar.ts';
import { isValidOn } from './pico-placa.coverage.ts';
import type { PicoPlacaCity, PicoPlacaRule, PicoPlacaVehicleType, Suspension } from './pico-placa.rules.ts';
import type { PicoPlacaCertainty, PicoPlacaEvidence } from './pico-placa.types.ts';

/** An open-ended rule verified on D is confirmed until D + 183 days (about six months) unless it says otherwise. */
export const REVIEW_AFTER_DAYS = 183;

/** Nothing known: sin_informacion, no date, no source. */
export function noEvidence(): PicoPlacaEvidence {
  return { certainty: 'sin_informacion', verifiedOn: null, sources: [] };
}

const RANK: Record<PicoPlacaCertainty, number> = { sin_informacion: 0, por_confirmar: 1, vigente: 2 };

interface Checked {
  verified_on?: string | null | undefined;
  review_by?: string | null | undefined;
}

/** The date after which an open-ended rule (or a city's facts) is 'por confirmar'; null = never confirmed. */
export function reviewDate(item: Checked): string | null {
  if (item.review_by) return item.review_by;
  if (item.verified_on) return addDays(item.verified_on, REVIEW_AFTER_DAYS);
  return null;
}

function openEnded(item: Checked, date: string): PicoPlacaCertainty {
  const until = reviewDate(item);
  return until !== null && date <= until ? 'vigente' : 'por_confirmar';
}

/** A rule covering `date`: vigente inside a period with an end date; open-ended, until its review date. */
export function ruleEvidence(rule: PicoPlacaRule, date: string): PicoPlacaEvidence {
  return {
    certainty: rule.valid_to !== null ? 'vigente' : openEnded(rule, date),
    verifiedOn: rule.verified_on ?? null,
    sources: [...rule.sources],
  };
}

/** A city-level fact (no restriction found, an exempt vehicle type): open-ended by nature. */
export function cityEvidence(
  city: PicoPlacaCity,
  vehicleType: PicoPlacaVehicleType,
  date: string,
): PicoPlacaEvidence {
  const moto = vehicleType === 'moto' ? (city.motorcycles.sources ?? []) : [];
  return {
    certainty: openEnded(city, date),
    verifiedOn: city.verified_on ?? null,
    sources: unique([...(city.sources ?? []), ...moto]),
  };
}

/**
 * An exempt vehicle type is as sure as the city's rules in force that day (for any vehicle type: the decree that
 * exempts motorcycles is the one restricting cars); with none, as the city's own facts.
 */
export function exemptEvidence(
  city: PicoPlacaCity,
  vehicleType: PicoPlacaVehicleType,
  date: string,
): PicoPlacaEvidence {
  const rules = city.rules.filter((r) => r.evaluate_by_default !== false && isValidOn(r, date));
  if (rules.length === 0) return cityEvidence(city, vehicleType, date);
  const moto = vehicleType === 'moto' ? (city.motorcycles.sources ?? []) : [];
  const combined = combineEvidence(rules.map((r) => ruleEvidence(r, date)));
  return { ...combined, sources: unique([...combined.sources, ...moto]) };
}

/** A suspension has its own dates: vigente. */
export function suspensionEvidence(suspension: Suspension & Checked): PicoPlacaEvidence {
  return {
    certainty: 'vigente',
    verifiedOn: suspension.verified_on ?? null,
    sources: [...(suspension.sources ?? [])],
  };
}

function unique(list: readonly string[]): string[] {
  return [...new Set(list)];
}

/**
 * Several pieces of evidence → one: the weakest certainty, the oldest verification date (null when one piece was
 * never verified), every source once. No evidence → sin_informacion.
 */
export function combineEvidence(list: readonly PicoPlacaEvidence[]): PicoPlacaEvidence {
  if (list.length === 0) return noEvidence();
  let certainty: PicoPlacaCertainty = 'vigente';
  let verifiedOn: string | null = null;
  let unverified = false;
  for (const e of list) {
    if (RANK[e.certainty] < RANK[certainty]) certainty = e.certainty;
    if (e.verifiedOn === null) unverified = true;
    else if (verifiedOn === null || e.verifiedOn < verifiedOn) verifiedOn = e.verifiedOn;
  }
  return {
    certainty,
    verifiedOn: unverified ? null : verifiedOn,
    sources: unique(list.flatMap((e) => e.sources)),
  };
}

/** 'unknown' is exactly sin_informacion; a known answer is never sin_informacion. */
export function evidenceFor(status: string, evidence: PicoPlacaEvidence): PicoPlacaEvidence {
  if (status === 'unknown') return noEvidence();
  if (evidence.certainty === 'sin_informacion') return { ...evidence, certainty: 'por_confirmar' };
  return evidence;
}
