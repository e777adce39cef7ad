import { useQuery } from '@tanstack/react-query';
import { BOOKING_PATHS, branchesResponseSchema } from '@togo/domain/booking/booking.contract';
import type { Branch, BranchesRequest, FromFlow } from '@togo/domain/booking/booking.contract';
import { isApiError } from '../../../lib/api-client.ts';
import { parseOr, whPost } from './wh.ts';

/** POST wh/transversal/sedes_by_ciudad/ body {ciudad (DANE code), from_flow} → the city's branches. */
export async function fetchBranches(flow: FromFlow, ciudad: string): Promise<Branch[]> {
  const body: BranchesRequest = { ciudad, from_flow: flow };
  const answer = await whPost<unknown>(BOOKING_PATHS.branchesByCity, body);
  return parseOr(branchesResponseSchema, answer, [], 'Sedes por ciudad');
}

/**
 * SPPF §8 'Branch list error': the list is emptied (and the failure logged). Without a connection (no answer
 * at all) the query fails instead, so the step says it needs one rather than "no hay sedes" (issue 36).
 */
export const useBranches = (flow: FromFlow, ciudad: string | null) =>
  useQuery({
    queryKey: ['booking', 'branches', flow, ciudad],
    enabled: !!ciudad,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      try {
        return await fetchBranches(flow, ciudad as string);
      } catch (error) {
        if (isApiError(error) && error.status === 0) throw error;
        console.error('Sedes por ciudad', error);
        return [];
      }
    },
  });
