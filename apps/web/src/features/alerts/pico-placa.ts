import type { PicoPlacaResponse } from '@togo/domain/pico-placa/pico-placa.contract';
import type { SelectedVehicle } from './alerts-storage.ts';

/** AHGA §9 'Iframe height 600' (the API sends it too). */
export const PICO_PLACA_IFRAME_HEIGHT = 600;
/** AHGA §9 'Fallback city Bogota'. */
export const PICO_PLACA_FALLBACK_CITY = 'Bogotá';

/** City of the heading: the API's, else the selected vehicle's, else Bogotá. */
export function picoPlacaCity(
  data: Pick<PicoPlacaResponse, 'ciudad'> | undefined,
  vehicle: SelectedVehicle | null,
): string {
  return data?.ciudad?.name || vehicle?.city_data?.name || PICO_PLACA_FALLBACK_CITY;
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

/** The restricted windows of the day as one sentence, or null when there are none. */
export function picoPlacaWindowsSentence(ventanas: PicoPlacaResponse['ventanas']): string | null {
  if (ventanas.length === 0) return null;
  const parts = ventanas.map((v) => `de ${hour(v.inicio)} a ${hour(v.fin)}`);
  const list =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} y ${parts[parts.length - 1]}`;
  return `Horario de restricción hoy: ${list}${list?.endsWith('.') ? '' : '.'}`;
}
