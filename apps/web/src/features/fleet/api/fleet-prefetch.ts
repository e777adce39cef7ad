import type { QueryClient } from '@tanstack/react-query';
import { urlsQuery } from '../../../lib/togo-urls.ts';
import { FIRST_FLEET_PAGE, fleetVehiclesQuery } from './list-vehicles.ts';
import { lookupProgressQuery } from './lookup-progress.ts';

/**
 * The fleet area's reads, started by the router with its chunks (app/route-kit.tsx) and, on the /flota page, by the
 * page's inline script before the app has loaded (app/early-reads.ts FLEET_READS, decision 054). Each settles when
 * its reads have (prefetchQuery never rejects).
 */

/** The configured URL (togo-urls) of the sidebar's data-processing policy link. */
export const FLEET_POLICY_NAMES = ['data_policy_pdf'] as const;

/** The layout's: the sidebar's data-policy link. */
export function prefetchFleetLayout(client: QueryClient): Promise<unknown> {
  return client.prefetchQuery(urlsQuery(FLEET_POLICY_NAMES));
}

/** The list's: its first page and the registry and fines look-ups' progress. */
export function prefetchFleetList(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.prefetchQuery(fleetVehiclesQuery(FIRST_FLEET_PAGE)),
    client.prefetchQuery(lookupProgressQuery),
  ]);
}
