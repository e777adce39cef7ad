import { useQuery } from '@tanstack/react-query';
import type { PicoPlacaResponse } from '@togo/domain/pico-placa/pico-placa.contract';
import { apiGet } from '../../../lib/api-client.ts';
import { logFailure } from '../../../lib/log-failure.ts';

/** GET /api/togo/pico-placa/?id_garaje= — today's restriction, the city and the embedded page. */
export function getPicoPlaca(vehicleId: number, signal?: AbortSignal): Promise<PicoPlacaResponse> {
  return apiGet<PicoPlacaResponse>(`/api/togo/pico-placa/?id_garaje=${vehicleId}`, signal);
}

export function usePicoPlacaQuery(vehicleId: number | null) {
  return useQuery({
    queryKey: ['pico-placa', vehicleId],
    enabled: vehicleId !== null,
    queryFn: ({ signal }) =>
      logFailure('No se pudo consultar pico y placa', () => getPicoPlaca(vehicleId as number, signal)),
  });
}
