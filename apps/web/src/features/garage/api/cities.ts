import { useQuery } from '@tanstack/react-query';
import { citiesResponseSchema, type City } from '@togo/domain/reference/reference.contract';
import { apiParse } from '../../../lib/api-client.ts';

/** GET /api/automas-param-cities/?departament={id} → [{id, name, department}] (the spec's spelling). */
export function fetchCities(departmentId: number, signal?: AbortSignal): Promise<City[]> {
  return apiParse(citiesResponseSchema, `/api/automas-param-cities/?departament=${departmentId}`, { signal });
}

/** Cities of the chosen department; idle until one is chosen. */
export const useCities = (departmentId: number | null) =>
  useQuery({
    queryKey: ['reference', 'cities', departmentId],
    queryFn: ({ signal }) => fetchCities(departmentId as number, signal),
    enabled: departmentId !== null,
    staleTime: Infinity,
  });
