import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FLEET_ERRORS_PAGE_SIZE, FLEET_PATHS, fleetErrorPageSchema } from '@togo/domain/fleet/fleet.contract';
import { apiParse } from '../../../lib/api-client.ts';
import { logFailure } from '../../../lib/log-failure.ts';

export const fleetErrorsKey = (page?: number) =>
  page === undefined ? (['fleet', 'errors'] as const) : (['fleet', 'errors', page] as const);

/** GET /api/togo/vehicle/traer_errores_flota?page=&page_size=10 → {data, numero_paginas_totales, …}. */
export function fetchFleetErrors(page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), page_size: String(FLEET_ERRORS_PAGE_SIZE) });
  return apiParse(fleetErrorPageSchema, `${FLEET_PATHS.errors}?${query.toString()}`, { signal });
}

/** One page of upload errors; failures are only logged (SPPF §8). */
export function useFleetErrorsQuery(page: number) {
  return useQuery({
    queryKey: fleetErrorsKey(page),
    queryFn: ({ signal }) =>
      logFailure('No se pudo consultar el estado de carga', () => fetchFleetErrors(page, signal)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
