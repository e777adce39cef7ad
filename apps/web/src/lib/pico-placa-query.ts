import { useQuery } from '@tanstack/react-query';
import type { PicoPlacaResponse } from '@togo/domain/pico-placa/pico-placa.contract';
import { apiGet } from './api-client.ts';
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
  return apiGet<PicoPlacaResponse>(`/api/togo/pico-placa/?id_garaje=${vehicleId}`, signal);
}

export function usePicoPlaca(vehicleId: number | null | undefined) {
  return useQuery({
    queryKey: picoPlacaKey(vehicleId),
    enabled: vehicleId !== null && vehicleId !== undefined,
    retry: false,
    queryFn: ({ signal }) =>
      logFailure('No se pudo consultar pico y placa', () => fetchPicoPlaca(vehicleId as number, signal)),
  });
}
