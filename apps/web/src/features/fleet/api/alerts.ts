import { useQuery } from '@tanstack/react-query';
import {
  FLEET_ALERTS_PATH,
  fleetAlertsSchema,
  type FleetAlertDocument,
  type FleetAlertGroup,
} from '@togo/domain/fleet/fleet-alerts.contract';
import { apiParse } from '../../../lib/api-client.ts';
import { logFailure } from '../../../lib/log-failure.ts';

export interface FleetAlertsFilter {
  documento?: FleetAlertDocument | null;
  /** YYYY-MM-DD; Bogotá today when absent. */
  fecha?: string | null;
  /** DANE code of one city of the fleet. */
  ciudad?: string | null;
  /** Part of the driver's name or document. */
  conductor?: string | null;
  /** One group alone (its pages), or every group's first page. */
  grupo?: FleetAlertGroup | null;
  /** 1-based page of each group shown, `pageSize` rows each; every row when absent. */
  page?: number;
  pageSize?: number;
}

/** The query string of a filter: '?documento=rtm&page=1&page_size=50', or '' for every alert. */
export function alertsQueryString(f: FleetAlertsFilter): string {
  const params = new URLSearchParams();
  if (f.documento) params.set('documento', f.documento);
  if (f.fecha) params.set('fecha', f.fecha);
  if (f.ciudad) params.set('ciudad', f.ciudad);
  if (f.conductor) params.set('conductor', f.conductor);
  if (f.grupo) params.set('grupo', f.grupo);
  if (f.page !== undefined) params.set('page', String(f.page));
  if (f.pageSize !== undefined) params.set('page_size', String(f.pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/togo/flota/alertas/ → the fleet's expiries in four groups (issues 16, 37 'Alertas'). */
export function useFleetAlertsQuery(filter: FleetAlertsFilter) {
  const search = alertsQueryString(filter);
  return useQuery({
    queryKey: ['fleet', 'alerts', search],
    queryFn: ({ signal }) =>
      logFailure('No se pudo consultar las alertas de la flota', () =>
        apiParse(fleetAlertsSchema, `${FLEET_ALERTS_PATH}${search}`, { signal }),
      ),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}
