import { useState } from 'react';
import {
  VEHICLE_REFRESH_MSG,
  type RefreshKindStatus,
  type VehicleRefreshStatus,
} from '@togo/domain/garage/vehicle-refresh.contract';
import { errorDetail } from '../../lib/api-client.ts';
import { retryAt, useSecondsLeft, WaitMessage } from '../ui/WaitMessage.tsx';
import {
  dataAge,
  showRefreshedAt,
  useRefreshMutation,
  useRefreshStatusQuery,
  type RefreshScope,
} from './vehicle-refresh.ts';
import './vehicle-refresh.css';

type DataKind = keyof Pick<VehicleRefreshStatus, 'registro' | 'multas'>;

/** What each kind is, when a screen shows both. */
const SOURCE: Record<DataKind, string> = {
  registro: 'SOAT y RTM (RUNT)',
  multas: 'Multas (SIMIT)',
};

export interface RefreshStatusProps {
  scope: RefreshScope;
  vehicleId: number;
  /** Which data the screen shows: registry (SOAT, RTM, class), fines, or both (the home, the fleet's vehicle). */
  kind: DataKind | 'ambos';
  /** False for read-only members (consulta): the age is shown, the button is not. */
  canRefresh?: boolean;
  /** The home: the button only when the data is stale or the last consultation failed. */
  compact?: boolean;
}

/** One kind's age; `seenAt` is when the status was read (its age is counted from there). */
function KindLine({
  data,
  label,
  seenAt,
}: {
  data: RefreshKindStatus | undefined;
  label: string | null;
  seenAt: number;
}) {
  const when = data?.ultima_actualizacion ?? null;
  return (
    <>
      <p className="vehicle-refresh__when">
        {label ? <span className="vehicle-refresh__label">{label}: </span> : null}
        {when ? (
          <time dateTime={when} title={showRefreshedAt(when)}>
            {dataAge(when, seenAt)}
          </time>
        ) : (
          VEHICLE_REFRESH_MSG.never
        )}
      </p>
      {data?.desactualizado ? (
        <p className="vehicle-refresh__stale">
          <strong>{VEHICLE_REFRESH_MSG.stale}.</strong>{' '}
          {data.motivo ?? 'No hemos podido actualizar estos datos.'}
          {data.estado === 'error' ? ` ${VEHICLE_REFRESH_MSG.retrying}` : ''}
        </p>
      ) : data?.estado === 'error' ? (
        <p className="vehicle-refresh__warn">
          La última consulta falló. {data.motivo} {VEHICLE_REFRESH_MSG.retrying}
        </p>
      ) : null}
    </>
  );
}

/**
 * How old the vehicle's outside data is ('Actualizado hace 3 días'), 'Desactualizado' with the reason of the last
 * failure past twice its refresh period (decision 072), and the manual "Actualizar" (once an hour per vehicle; a
 * 429 shows the seconds left with WaitMessage; without provider quota this minute it is queued).
 */
export function RefreshStatus({
  scope,
  vehicleId,
  kind,
  canRefresh = true,
  compact = false,
}: RefreshStatusProps) {
  const status = useRefreshStatusQuery(scope, vehicleId);
  const refresh = useRefreshMutation(scope, vehicleId);
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const kinds: DataKind[] = kind === 'ambos' ? ['registro', 'multas'] : [kind];
  const waitFromStatus =
    status.data && status.data.actualizar_en > 0
      ? status.dataUpdatedAt + status.data.actualizar_en * 1000
      : null;
  const until = waitUntil ?? waitFromStatus;
  const waiting = useSecondsLeft(until) > 0 && until !== null;
  const troubled = kinds.some((k) => status.data?.[k].desactualizado || status.data?.[k].estado === 'error');
  const showButton = canRefresh && (!compact || troubled);
  const queued = refresh.isSuccess && kinds.some((k) => refresh.data[k].en_cola);

  const onRefresh = () => {
    setWaitUntil(null);
    refresh.mutate(undefined, {
      onError: (error) => setWaitUntil(retryAt(error)),
    });
  };

  const failed = refresh.isError && retryAt(refresh.error) === null;
  return (
    <div
      className={kinds.length > 1 ? 'vehicle-refresh vehicle-refresh--both' : 'vehicle-refresh'}
      aria-busy={refresh.isPending || status.isLoading}
    >
      {status.isLoading ? (
        <p className="vehicle-refresh__when">Cargando…</p>
      ) : status.isError ? (
        <p className="vehicle-refresh__when">Fecha de actualización no disponible</p>
      ) : (
        kinds.map((k) => (
          <KindLine
            key={k}
            data={status.data?.[k]}
            label={kinds.length > 1 ? SOURCE[k] : null}
            seenAt={status.dataUpdatedAt}
          />
        ))
      )}
      {showButton ? (
        <button
          type="button"
          className="btn btn--secondary vehicle-refresh__button"
          onClick={onRefresh}
          disabled={refresh.isPending || status.isLoading || waiting}
        >
          {refresh.isPending ? VEHICLE_REFRESH_MSG.updating : VEHICLE_REFRESH_MSG.refresh}
        </button>
      ) : null}
      {waiting && until !== null && showButton ? (
        <p className="vehicle-refresh__wait" role="status">
          <WaitMessage text={VEHICLE_REFRESH_MSG.tooSoon} until={until} />
        </p>
      ) : queued ? (
        <p className="vehicle-refresh__wait" role="status">
          {VEHICLE_REFRESH_MSG.queued}
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
