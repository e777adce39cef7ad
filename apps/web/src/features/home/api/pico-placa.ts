import { useQuery } from '@tanstack/react-query';
import type { PicoPlacaResponse } from '@togo/domain/pico-placa/pico-placa.contract';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/togo/pico-placa/?id_garaje={id} → today's restriction for that vehicle (mensaje is the sentence). */
export function fetchPicoPlaca(garageId: number, signal?: AbortSignal): Promise<PicoPlacaResponse> {
  return apiGet<PicoPlacaResponse>(`/api/togo/pico-placa/?id_garaje=${garageId}`, signal);
}

export const usePicoPlaca = (garageId: number | undefined) =>
  useQuery({
    queryKey: ['garage', garageId, 'pico-placa'],
    queryFn: ({ signal }) => fetchPicoPlaca(garageId as number, signal),
    enabled: garageId !== undefined,
    retry: false,
  });
