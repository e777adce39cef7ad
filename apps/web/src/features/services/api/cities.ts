import { useQuery } from '@tanstack/react-query';
import { BOOKING_PATHS, readOptions } from '@togo/domain/booking/booking.contract';
import type { CitiesResponse, CityOption, FromFlow } from '@togo/domain/booking/booking.contract';
import { envelope, whPost } from './wh.ts';

/** POST wh/agendamiento/obtener-ciudades-togo/ {sessionInfo.parameters.from_flow} → city options. */
export async function fetchBookingCities(flow: FromFlow): Promise<CityOption[]> {
  const answer = await whPost<CitiesResponse>(BOOKING_PATHS.cities, envelope({ from_flow: flow }));
  try {
    return readOptions(answer);
  } catch {
    return [];
  }
}

export const useBookingCities = (flow: FromFlow) =>
  useQuery({
    queryKey: ['booking', 'cities', flow],
    queryFn: () => fetchBookingCities(flow),
    staleTime: 10 * 60_000,
  });
