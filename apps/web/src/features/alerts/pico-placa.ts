import type { PicoPlacaResponse } from '@togo/domain/pico-placa/pico-placa.contract';
import type { SelectedVehicle } from './alerts-storage.ts';

/** AHGA §9 'Iframe height 600' (the API sends it too). */
export const PICO_PLACA_IFRAME_HEIGHT = 600;
/** Heading city when neither the API nor the vehicle names one. */
export const PICO_PLACA_NO_CITY = 'tu ciudad';

/**
 * City of the heading: the API's, else the selected vehicle's, else 'tu ciudad' (never another city's name: a city
 * without a page of its own shows none, issue 33).
 */
export function picoPlacaCity(
  data: Pick<PicoPlacaResponse, 'ciudad'> | undefined,
  vehicle: SelectedVehicle | null,
): string {
  return data?.ciudad?.name || vehicle?.city_data?.name || PICO_PLACA_NO_CITY;
}

export type PicoPlacaTone = 'restricted' | 'free' | 'unknown';

export function picoPlacaTone(status: PicoPlacaResponse['status'] | undefined): PicoPlacaTone {
  if (status === 'restricted') return 'restricted';
  if (status === 'not_restricted') return 'free';
  return 'unknown';
}

/** '05:00'–'20:00' → '5:00 a. m.' style hours; '24:00' reads as midnight. */
function hour(value: string): string {
  const [h = 0, m = 0] = value.split(':').map(Number);
  if (h === 24 || h === 0) return `12:${String(m).padStart(2, '0')} a. m.`;
  const suffix = h < 12 ? 'a. m.' : 'p. m.';
  const h12 = h > 12 ? h - 12 : h;
  return `${h12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** The city's hours of the day ('Horario: de 6:00 a. m. a 9:00 p. m.'), or null when there are none. */
export function picoPlacaHoursText(horario: PicoPlacaResponse['horario']): string | null {
  if (horario.length === 0) return null;
  const parts = horario.map((v) => `de ${hour(v.inicio)} a ${hour(v.fin)}`);
  const list =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} y ${parts[parts.length - 1]}`;
  return `Horario: ${list}${list?.endsWith('.') ? '' : '.'}`;
}

/** The restricted windows of the day as one sentence, or null when there are none. */
export function picoPlacaWindowsSentence(ventanas: PicoPlacaResponse['ventanas']): string | null {
  if (ventanas.length === 0) return null;
  const parts = ventanas.map((v) => `de ${hour(v.inicio)} a ${hour(v.fin)}`);
  const list =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} y ${parts[parts.length - 1]}`;
  return `Horario de restricción hoy: ${list}${list?.endsWith('.') ? '' : '.'}`;
}
