import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { FLEET_PATHS, fleetVehicleListSchema } from '@togo/domain/fleet/fleet.contract';
import { apiParse } from '../../../lib/api-client.ts';
import { logFailure } from '../../../lib/log-failure.ts';

export interface FleetListParams {
  page: number;
  /** Part of a plate; the server ignores case, spaces and hyphens. */
  placa: string;
}

/** How many vehicles one page of the table shows. */
export const FLEET_TABLE_PAGE_SIZE = 50;

export const fleetVehiclesKey = (params?: FleetListParams) =>
  params ? (['fleet', 'vehicles', params.page, params.placa] as const) : (['fleet', 'vehicles'] as const);

/** GET /api/togo/vehicle/traer_vehiculos_flota?page=&page_size=&placa= → {data, total, numero_paginas_totales}. */
export function fetchFleetVehicles({ page, placa }: FleetListParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), page_size: String(FLEET_TABLE_PAGE_SIZE) });
  if (placa) query.set('placa', placa);
  return apiParse(fleetVehicleListSchema, `${FLEET_PATHS.list}?${query.toString()}`, { signal });
}

/** The company's vehicles, one page; failures are only logged (SPPF §8). */
export function fleetVehiclesQuery(params: FleetListParams) {
  return queryOptions({
    queryKey: fleetVehiclesKey(params),
    queryFn: ({ signal }) =>
      logFailure('No se pudo consultar la flota', () => fetchFleetVehicles(params, signal)),
  });
}

/** The list's first page before any search (what /flota opens on, and what its page starts reading early). */
export const FIRST_FLEET_PAGE: FleetListParams = { page: 1, placa: '' };

export function useFleetVehiclesQuery(params: FleetListParams) {
  return useQuery({ ...fleetVehiclesQuery(params), placeholderData: keepPreviousData });
}
