import { useId, useState } from 'react';
import {
  FLEET_ALERT_DOCUMENT_NAMES,
  FLEET_ALERT_DOCUMENTS,
  FLEET_ALERT_GROUPS,
  type FleetAlert,
  type FleetAlertDocument,
  type FleetAlertGroup,
} from '@togo/domain/fleet/fleet-alerts.contract';
import { groupThousands } from '@togo/domain/money';
import { BackButton } from '../../../components/ui/BackButton.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { formatDate } from '../../../lib/formatters.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useFleetAlertsQuery } from '../api/alerts.ts';
import '../fleet-views.css';

export const GROUP_TITLES: Record<FleetAlertGroup, string> = {
  vencidos: 'Vencidos',
  vencen_30: 'Vencen en los próximos 30 días',
  vencen_60: 'Vencen en 31 a 60 días',
  vencen_90: 'Vencen en 61 a 90 días',
};

export const ALERTS_ERROR = 'No pudimos cargar las alertas. Intenta nuevamente.';

function when(alert: FleetAlert): string {
  if (alert.vence === null || alert.dias === null) return 'Sin documento vigente';
  if (alert.dias < 0) return `Venció hace ${-alert.dias} ${alert.dias === -1 ? 'día' : 'días'}`;
  if (alert.dias === 0) return 'Vence hoy';
  return `En ${alert.dias} ${alert.dias === 1 ? 'día' : 'días'}`;
}

function AlertGroup({ group, alerts }: { group: FleetAlertGroup; alerts: FleetAlert[] }) {
  const titleId = useId();
  return (
    <section
      className={`fleet-card fleet-alerts__group fleet-alerts__group--${group}`}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="fleet-card__title">
        {GROUP_TITLES[group]}{' '}
        <span className="fleet-alerts__count">
          ({groupThousands(alerts.length)} {alerts.length === 1 ? 'documento' : 'documentos'})
        </span>
      </h2>
      {alerts.length === 0 ? (
        <p className="fleet-alerts__empty">Ningún documento en este grupo.</p>
      ) : (
        <ul className="fleet-alerts__list">
          {alerts.map((a) => (
            <li key={`${a.placa}-${a.documento}`} className="fleet-alerts__item">
              <span className="fleet-table__plate">{a.placa}</span>
              <span>{FLEET_ALERT_DOCUMENT_NAMES[a.documento]}</span>
              <span>{a.vence ? formatDate(a.vence) : '—'}</span>
              <span className="fleet-alerts__when">{when(a)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /flota/alertas (issue 16 'Alertas'): every vehicle's SOAT and RTM expiries in four groups — vencidos, and due
 * within 30, 60 and 90 days — filtered by document.
 */
export function FleetAlertsRoute() {
  usePageTitle('Alertas');
  const filterId = useId();
  const [documento, setDocumento] = useState<FleetAlertDocument | null>(null);
  const query = useFleetAlertsQuery(documento);

  return (
    <section className="fleet-screen" aria-labelledby="alerts-title">
      <header className="fleet-screen__head">
        <div className="fleet-screen__heading">
          <BackButton to="/flota" />
          <div>
            <h1 id="alerts-title" className="fleet-screen__title">
              Alertas
            </h1>
            {query.data ? (
              <p className="fleet-screen__subtitle">
                Vencimientos al {formatDate(query.data.fecha)}: cada fila es un documento (un vehículo puede
                tener varios; en Hoy se cuenta cada vehículo una vez).
              </p>
            ) : null}
          </div>
        </div>
        <div className="fleet-screen__actions">
          <label htmlFor={filterId}>Documento</label>
          <select
            id={filterId}
            className="fleet-alerts__filter"
            value={documento ?? ''}
            onChange={(e) => setDocumento((e.target.value || null) as FleetAlertDocument | null)}
          >
            <option value="">Todos</option>
            {FLEET_ALERT_DOCUMENTS.map((d) => (
              <option key={d} value={d}>
                {FLEET_ALERT_DOCUMENT_NAMES[d]}
              </option>
            ))}
          </select>
        </div>
      </header>

      {query.isPending ? (
        <TruckLoader />
      ) : query.isError ? (
        <p role="alert" className="fleet-empty__text">
          {ALERTS_ERROR}
        </p>
      ) : (
        <div className="fleet-alerts">
          {FLEET_ALERT_GROUPS.map((g) => (
            <AlertGroup key={g} group={g} alerts={query.data.grupos[g]} />
          ))}
        </div>
      )}
    </section>
  );
}
