import { useQuery } from '@tanstack/react-query';
import { BOOKING_PATHS, readOptions } from '@togo/domain/booking/booking.contract';
import type { TramiteOption, TramitesResponse } from '@togo/domain/booking/booking.contract';
import { envelope, whPost } from './wh.ts';

/** POST wh/tramites/obtener-tramites/ → fulfillmentResponse.messages[1].payload.richContent[0][0].options. */
export async function fetchTramites(): Promise<TramiteOption[]> {
  const answer = await whPost<TramitesResponse>(BOOKING_PATHS.tramites, envelope({}));
  try {
    return readOptions(answer);
  } catch {
    return [];
  }
}

export const useTramites = () =>
  useQuery({ queryKey: ['booking', 'tramites'], queryFn: fetchTramites, staleTime: 10 * 60_000 });
