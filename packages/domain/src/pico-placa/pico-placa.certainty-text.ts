import type { PicoPlacaCerteza } from './pico-placa.contract.ts';
import { shortSpanishDate } from '../clock-text.ts';
import { joinSpanish } from './pico-placa.message.ts';

/**
 * The driver's words for how sure an answer is (issue 33, decision 080): a badge (PICO_PLACA_CERTEZA_LABELS) and a
 * sentence after it ('Verificada el 15 ene 2026.', 'Última verificación: 15 ene 2026.'). Dates as '15 ene 2026'.
 */

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];

/** '2026-12-01' → 'martes 1 dic 2026'. */
export function weekdayShortDate(date: string): string {
  const weekday = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '';
  return `${weekday} ${shortSpanishDate(date)}`;
}

export const PICO_PLACA_CERTEZA_LABELS: Record<PicoPlacaCerteza, string> = {
  vigente: 'Vigente',
  por_confirmar: 'Por confirmar',
  sin_informacion: 'Sin información',
};

/**
 * What follows the certainty's badge on the driver's screen (the badge already says 'Por confirmar'):
 * 'Última verificación: 15 ene 2026.'
 */
export function picoPlacaCertaintyDetail(input: {
  certeza: PicoPlacaCerteza;
  verificado_el: string | null;
  cityName: string;
}): string {
  switch (input.certeza) {
    case 'vigente':
      return input.verificado_el
        ? `Verificada el ${shortSpanishDate(input.verificado_el)}.`
        : 'La regla publicada cubre esta fecha.';
    case 'por_confirmar':
      return input.verificado_el
        ? `Última verificación: ${shortSpanishDate(input.verificado_el)}.`
        : 'No hemos podido verificar esta regla recientemente.';
    case 'sin_informacion':
      return `No tenemos la medida vigente para ${input.cityName}. Consulta la fuente oficial de tu ciudad.`;
  }
}

/** 'Dígitos con pico y placa: 1, 2, 3, 4 y 5', or null when none. */
export function picoPlacaDigitsText(digitos: readonly number[]): string | null {
  if (digitos.length === 0) return null;
  const label = digitos.length === 1 ? 'Dígito con pico y placa' : 'Dígitos con pico y placa';
  return `${label}: ${joinSpanish(digitos.map(String))}`;
}

/** 'https://www.eltiempo.com/x' → 'eltiempo.com'; anything unparsable is shown as it is. */
export function sourceLabel(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
