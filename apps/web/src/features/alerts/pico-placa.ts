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
