import type { PicoPlacaVehicleType, PicoPlacaResultStatus } from './pico-placa.rules.ts';
import { normalizePlate } from './pico-placa.engine.ts';

/** Colombian motorcycle plates: ABC12 (older) or ABC12D. Everything else is evaluated as a car. */
export const MOTORCYCLE_PLATE_PATTERN = /^[A-Z]{3}[0-9]{2}[A-Z]?$/;

/** 'abc-12d' → 'moto'; 'ABC123' → 'particular'. */
export function picoPlacaVehicleType(plate: string): PicoPlacaVehicleType {
  return MOTORCYCLE_PLATE_PATTERN.test(normalizePlate(plate)) ? 'moto' : 'particular';
}

export interface PicoPlacaMessageInput {
  status: PicoPlacaResultStatus;
  /** An answer 'por_confirmar' says so (decision 080); absent = vigente. */
  certainty?: 'vigente' | 'por_confirmar' | 'sin_informacion';
  /** Restricted windows of the day ('HH:MM'). */
  windows: readonly { start: string; end: string }[];
  /** City name for the 'unknown' message. */
  cityName: string;
  /** The evaluated date and today's date, both 'YYYY-MM-DD' in America/Bogota. */
  date: string;
  today: string;
}

/** 'YYYY-MM-DD' → 'dd-MM-yyyy' (the product's display format). */
export function displayDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}-${m}-${y}`;
}

/** ['a', 'b', 'c'] → 'a, b y c'. */
export function joinSpanish(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} y ${parts[parts.length - 1]}`;
}

/**
 * The sentence shown on the pico y placa alert:
 * 'Hoy tienes pico y placa de 06:00 a 09:00 y de 16:00 a 19:00' · 'Hoy puedes circular' ·
 * 'El 25-11-2026 tienes pico y placa de 06:00 a 21:00' · 'El 25-11-2026 puedes circular' ·
 * 'Sin información vigente para Medellín'; an answer por confirmar ends with ' (por confirmar)'.
 */
export function picoPlacaMessage(input: PicoPlacaMessageInput): string {
  const when = input.date === input.today ? 'Hoy' : `El ${displayDate(input.date)}`;
  const unconfirmed = input.certainty === 'por_confirmar' ? ' (por confirmar)' : '';
  switch (input.status) {
    case 'restricted': {
      const windows = joinSpanish(input.windows.map((w) => `de ${w.start} a ${w.end}`));
      return `${when} tienes pico y placa${windows ? ` ${windows}` : ''}${unconfirmed}`;
    }
    case 'not_restricted':
      return `${when} puedes circular${unconfirmed}`;
    case 'unknown':
      return `Sin información vigente para ${input.cityName}`;
  }
}
