import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  VEHICLE_REFRESH_MSG,
  VEHICLE_REFRESH_PATHS,
  vehicleRefreshStatusSchema,
} from '@togo/domain/garage/vehicle-refresh.contract';
import { instantDateTimeText } from '@togo/domain/clock-text';
import { apiParse } from '../../lib/api-client.ts';
import { onFirstUse } from '../../lib/on-first-use.ts';

/** Which routes: the driver's own vehicle, or a vehicle of the company's fleet. */
export type RefreshScope = 'garage' | 'fleet';

export const refreshStatusKey = (scope: RefreshScope, vehicleId: number) =>
  ['vehicle-refresh', scope, vehicleId] as const;

const statusPath = (scope: RefreshScope, id: number) =>
  scope === 'fleet' ? VEHICLE_REFRESH_PATHS.fleetStatus(id) : VEHICLE_REFRESH_PATHS.status(id);
const refreshPath = (scope: RefreshScope, id: number) =>
  scope === 'fleet' ? VEHICLE_REFRESH_PATHS.fleetRefresh(id) : VEHICLE_REFRESH_PATHS.refresh(id);

export function useRefreshStatusQuery(scope: RefreshScope, vehicleId: number | null) {
  return useQuery({
    queryKey: refreshStatusKey(scope, vehicleId ?? 0),
    enabled: vehicleId !== null,
    queryFn: ({ signal }) =>
      apiParse(vehicleRefreshStatusSchema, statusPath(scope, vehicleId ?? 0), { signal }),
    retry: false,
  });
}

/**
 * POST …/actualizar/: on success the status and every screen that shows the vehicle's data (alerts, fleet
 * detail) are read again.
 */
export function useRefreshMutation(scope: RefreshScope, vehicleId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiParse(vehicleRefreshStatusSchema, refreshPath(scope, vehicleId), { method: 'POST' }),
    onSuccess: async (status) => {
      client.setQueryData(refreshStatusKey(scope, vehicleId), status);
      await Promise.all([
        client.invalidateQueries({ queryKey: ['alerts'] }),
        client.invalidateQueries({ queryKey: ['fleet'] }),
      ]);
    },
  });
}

/** '25 nov 2026, 10:05 a. m.' in Bogotá time, or 'Aún sin consultar'. */
export function showRefreshedAt(iso: string | null): string {
  return iso ? instantDateTimeText(new Date(iso)) : VEHICLE_REFRESH_MSG.never;
}

const relative = onFirstUse(() => new Intl.RelativeTimeFormat('es-CO', { numeric: 'always' }));

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * 'Actualizado hace 3 días' (hace 5 minutos, hace 2 horas…; 'hace un momento' under a minute) for the ISO instant
 * `iso` seen at `nowMs` (decision 072).
 */
export function dataAge(iso: string, nowMs: number): string {
  const seconds = Math.max(0, Math.floor((nowMs - new Date(iso).getTime()) / 1000));
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return `Actualizado ${relative().format(-Math.floor(seconds / size), unit)}`;
  }
  return 'Actualizado hace un momento';
}
