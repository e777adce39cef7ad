import { useQuery } from '@tanstack/react-query';
import { departmentsResponseSchema, type Department } from '@togo/domain/reference/reference.contract';
import { apiParse } from '../../../lib/api-client.ts';

/** GET /api/automas-param-departaments/?country_id=1 → [{id, name}]. */
export function fetchDepartments(signal?: AbortSignal): Promise<Department[]> {
  return apiParse(departmentsResponseSchema, '/api/automas-param-departaments/?country_id=1', { signal });
}

export const useDepartments = () =>
  useQuery({
    queryKey: ['reference', 'departments'],
    queryFn: ({ signal }) => fetchDepartments(signal),
    staleTime: Infinity,
  });
