import { useQuery } from '@tanstack/react-query';
import { picoPlacaResponseSchema } from '@togo/domain/pico-placa/pico-placa.contract';
import type { PicoPlacaResponse } from '@togo/domain/pico-placa/pico-placa.contract';
import { apiParse } from './api-client.ts';
import { logFailure } from './log-failure.ts';

/**
 * The one pico y placa query of the web (home banner, notifications, the pico y placa page): one fetcher under
 * one cache key, so a screen never asks twice for the same vehicle's day. Under 'garage' so that changes to
 * the garage invalidate it with the rest.
 */
export const picoPlacaKey = (vehicleId: number | null | undefined) => [
  'garage',
  vehicleId ?? null,
  'pico-placa',
];

/** GET /api/togo/pico-placa/?id_garaje= — today's restriction (rules engine), the city and the embedded page. */
export function fetchPicoPlaca(vehicleId: number, signal?: AbortSignal): Promise<PicoPlacaResponse> {
  return apiParse(picoPlacaResponseSchema, `/api/togo/pico-placa/?id_garaje=${vehicleId}`, { signal });
}

/**
 * The answer when it is about `today` ('YYYY-MM-DD', Bogotá), else null. Only an answer the service worker kept
 * from another day can be about another day: its 'Hoy puedes circular' is not today's (decision 040). An answer
 * without `fecha` (left in the cache by an older server) is taken as it is.
 */
export function picoPlacaOfToday(
  data: PicoPlacaResponse | undefined,
  today: string,
): PicoPlacaResponse | null {
  if (!data) return null;
  return data.fecha === undefined || data.fecha === today ? data : null;
}

/** The home banner's and the pico y placa page's text when there is no answer for today without a connection. */
export const PICO_PLACA_NO_SAVED_DATA = 'Pico y placa de hoy: sin datos guardados';

export function usePicoPlaca(vehicleId: number | null | undefined) {
  return useQuery({
    queryKey: picoPlacaKey(vehicleId),
    enabled: vehicleId !== null && vehicleId !== undefined,
    retry: false,
    queryFn: ({ signal }) =>
      logFailure('No se pudo consultar pico y placa', () => fetchPicoPlaca(vehicleId as number, signal)),
  });
}
