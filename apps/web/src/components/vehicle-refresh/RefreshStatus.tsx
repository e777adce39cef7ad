import { useState } from 'react';
import { VEHICLE_REFRESH_MSG, type VehicleRefreshStatus } from '@togo/domain/garage/vehicle-refresh.contract';
import { errorDetail } from '../../lib/api-client.ts';
import { retryAt, useSecondsLeft, WaitMessage } from '../ui/WaitMessage.tsx';
import {
  showRefreshedAt,
  useRefreshMutation,
  useRefreshStatusQuery,
  type RefreshScope,
} from './vehicle-refresh.ts';
import './vehicle-refresh.css';

export interface RefreshStatusProps {
  scope: RefreshScope;
  vehicleId: number;
  /** Which data the screen shows: registry (SOAT, RTM, class) or fines. */
  kind: keyof Pick<VehicleRefreshStatus, 'registro' | 'multas'>;
  /** False for read-only members (consulta): the date is shown, the button is not. */
  canRefresh?: boolean;
}

/**
 * 'Última actualización' of the vehicle's registry data or fines and the manual "Actualizar" (once an hour per
 * vehicle; a 429 shows the seconds left with WaitMessage).
 */
export function RefreshStatus({ scope, vehicleId, kind, canRefresh = true }: RefreshStatusProps) {
  const status = useRefreshStatusQuery(scope, vehicleId);
  const refresh = useRefreshMutation(scope, vehicleId);
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const data = status.data?.[kind];
  const waitFromStatus =
    status.data && status.data.actualizar_en > 0
      ? status.dataUpdatedAt + status.data.actualizar_en * 1000
      : null;
  const until = waitUntil ?? waitFromStatus;
  const waiting = useSecondsLeft(until) > 0 && until !== null;

  const onRefresh = () => {
    setWaitUntil(null);
    refresh.mutate(undefined, {
      onError: (error) => setWaitUntil(retryAt(error)),
    });
  };

  const failed = refresh.isError && retryAt(refresh.error) === null;
  return (
    <div className="vehicle-refresh" aria-busy={refresh.isPending || status.isLoading}>
      <p className="vehicle-refresh__when">
        <span className="vehicle-refresh__label">{VEHICLE_REFRESH_MSG.lastUpdate}: </span>
        {status.isLoading
          ? 'Cargando…'
          : status.isError
            ? 'No disponible'
            : showRefreshedAt(data?.ultima_actualizacion ?? null)}
        {data?.estado === 'error' ? (
          <span className="vehicle-refresh__warn"> (la última consulta falló; lo intentaremos de nuevo)</span>
        ) : null}
      </p>
      {canRefresh ? (
        <button
          type="button"
          className="btn btn--secondary vehicle-refresh__button"
          onClick={onRefresh}
          disabled={refresh.isPending || status.isLoading || waiting}
        >
          {refresh.isPending ? VEHICLE_REFRESH_MSG.updating : VEHICLE_REFRESH_MSG.refresh}
        </button>
      ) : null}
      {waiting && until !== null ? (
        <p className="vehicle-refresh__wait" role="status">
          <WaitMessage text={VEHICLE_REFRESH_MSG.tooSoon} until={until} />
        </p>
      ) : null}
      {failed ? (
        <p className="vehicle-refresh__error" role="alert">
          {errorDetail(refresh.error) ?? 'No pudimos actualizar. Inténtalo de nuevo más tarde.'}
        </p>
      ) : null}
    </div>
  );
}
