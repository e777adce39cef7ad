import { weekdayOf } from './pico-placa.calendar.ts';
import { displayDate, joinSpanish } from './pico-placa.message.ts';
import type { Weekday } from './pico-placa.rules.ts';

/**
 * The evening-before notice "tomorrow you have pico y placa" (issue 15, decision 041): its notification code,
 * where it leads and its Spanish texts. The texts name the day explicitly (never "mañana"), because a notice
 * held for quiet hours may go out on the restricted day itself.
 */

/** notifications.code of the notice; the PICO_PLACA prefix makes it a `pico_placa` message kind. */
export const PICO_PLACA_EVE_CODE = 'PICO_PLACA_MANANA';
/**
 * notifications.code of "we do not know tomorrow's rule" (issue 33). Its due date is the first day of the city's
 * unknown period, so it exists once per vehicle and period however many evenings it stays unknown.
 */
export const PICO_PLACA_UNKNOWN_CODE = 'PICO_PLACA_SIN_INFO';
/** The app's pico y placa screen (the selected vehicle's restriction). */
export const PICO_PLACA_EVE_URL = '/app/alerts/pico-placa';
/** Served by the API from apps/api/public/notifications/. */
export const PICO_PLACA_EVE_ICON = '/static/notifications/pico-placa.svg';
/** Default local time (America/Bogota) the notice is sent, before the default 21:00 quiet hours. */
export const PICO_PLACA_EVE_DEFAULT_TIME = '19:00';

const WEEKDAY_NAMES: Record<Weekday, string> = {
  MON: 'lunes',
  TUE: 'martes',
  WED: 'miércoles',
  THU: 'jueves',
  FRI: 'viernes',
  SAT: 'sábado',
  SUN: 'domingo',
};

export interface PicoPlacaEveInput {
  placa: string;
  /** The restricted day, 'YYYY-MM-DD'. */
  date: string;
  /** The restriction's windows that day ('HH:MM'). */
  windows: readonly { start: string; end: string }[];
  cityName: string;
  /** The rule is not confirmed (certainty por_confirmar, decision 080): the texts say so. */
  porConfirmar?: boolean;
}

/** 'jueves 26-11-2026'. */
export function spanishDay(date: string): string {
  return `${WEEKDAY_NAMES[weekdayOf(date)]} ${displayDate(date)}`;
}

/**
 * Title: 'ABC123 tiene pico y placa el jueves 26-11-2026'; message: 'En Bogotá, el vehículo ABC123 tiene pico
 * y placa el jueves 26-11-2026 de 06:00 a 21:00. Planea tus trayectos con tiempo.'
 */
export function picoPlacaEveTexts(input: PicoPlacaEveInput): { titulo: string; message: string } {
  const day = spanishDay(input.date);
  const hours = joinSpanish(input.windows.map((w) => `de ${w.start} a ${w.end}`));
  return {
    titulo: `${input.placa} tiene pico y placa el ${day}`,
    message:
      `En ${input.cityName}, el vehículo ${input.placa} tiene pico y placa el ${day}` +
      `${hours ? ` ${hours}` : ''}${input.porConfirmar ? ' (medida por confirmar)' : ''}. ` +
      'Planea tus trayectos con tiempo.',
  };
}

/**
 * Tomorrow is unknown (issue 33): title 'Sin información de pico y placa en Medellín'; message 'No tenemos la
 * medida de pico y placa de Medellín para el jueves 26-11-2026; consulta la fuente oficial antes de salir. No te
 * avisaremos de nuevo mientras sigamos sin ella.'
 */
export function picoPlacaUnknownTexts(input: { date: string; cityName: string }): {
  titulo: string;
  message: string;
} {
  return {
    titulo: `Sin información de pico y placa en ${input.cityName}`,
    message:
      `No tenemos la medida de pico y placa de ${input.cityName} para el ${spanishDay(input.date)}; ` +
      'consulta la fuente oficial antes de salir. No te avisaremos de nuevo mientras sigamos sin ella.',
  };
}
