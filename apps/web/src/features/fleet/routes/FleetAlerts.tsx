import { useId } from 'react';
import { Link } from 'react-router';
import {
  FLEET_ALERT_DOCUMENT_NAMES,
  FLEET_ALERT_DOCUMENTS,
  FLEET_ALERT_GROUPS,
  FLEET_ALERTS_PAGE_SIZE,
  type FleetAlert,
  type FleetAlertDocument,
  type FleetAlertGroup,
  type FleetAlerts,
} from '@togo/domain/fleet/fleet-alerts.contract';
import { bogotaToday } from '@togo/domain/bogota-time';
import { groupThousands } from '@togo/domain/money';
import { BackButton } from '../../../components/ui/BackButton.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/formatters.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useFleetAlertsQuery } from '../api/alerts.ts';
import { CityFilter } from '../components/CityFilter.tsx';
import { DateFilter } from '../components/DateFilter.tsx';
import { DriverFilter } from '../components/DriverFilter.tsx';
import { FleetAlertRow } from '../components/FleetAlertRow.tsx';
import { Pager } from '../components/Pager.tsx';
import { searchCity, searchDate, searchPage, useFleetSearch, type SearchChanges } from '../fleet-search.ts';
import '../fleet-views.css';

export const GROUP_TITLES: Record<FleetAlertGroup, string> = {
  vencidos: 'Vencidos',
  vencen_30: 'Vencen en los próximos 30 días',
  vencen_60: 'Vencen en 31 a 60 días',
  vencen_90: 'Vencen en 61 a 90 días',
};

export const ALERTS_ERROR = 'No pudimos cargar las alertas. Intenta nuevamente.';
export const ALERTS_PAGE_GONE = 'Esa página ya no existe: la lista cambió.';

const count = (n: number, one: string, many: string) => `${groupThousands(n)} ${n === 1 ? one : many}`;

/** The screen's state lives in the address (back button, reload, a shared link): only values the API accepts. */
function filterFrom(params: URLSearchParams) {
  const documento = params.get('documento');
  const grupo = params.get('grupo');
  const conductor = params.get('conductor')?.trim() ?? '';
  return {
    documento: (FLEET_ALERT_DOCUMENTS as readonly string[]).includes(documento ?? '')
      ? (documento as FleetAlertDocument)
      : null,
    grupo: (FLEET_ALERT_GROUPS as readonly string[]).includes(grupo ?? '')
      ? (grupo as FleetAlertGroup)
      : null,
    fecha: searchDate(params),
    ciudad: searchCity(params),
    conductor: conductor.length >= 2 && conductor.length <= 60 ? conductor : null,
    page: searchPage(params),
  };
}

function AlertGroup(props: {
  group: FleetAlertGroup;
  alerts: FleetAlert[];
  total: number;
  /** Opens this group alone, with its pages; absent when it is shown alone already. */
  seeAll?: string | undefined;
}) {
  const { group, alerts, total, seeAll } = props;
  const titleId = useId();
  return (
    <section
      className={`fleet-card fleet-alerts__group fleet-alerts__group--${group}`}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="fleet-card__title">
        {GROUP_TITLES[group]}{' '}
        <span className="fleet-alerts__count">({count(total, 'documento', 'documentos')})</span>
      </h2>
      {alerts.length === 0 ? (
        <p className="fleet-alerts__empty">Ningún documento en este grupo.</p>
      ) : (
        <ul className="fleet-alerts__list">
          {alerts.map((a) => (
            <FleetAlertRow key={`${a.placa}-${a.documento}`} alert={a} />
          ))}
        </ul>
      )}
      {seeAll && total > alerts.length ? (
        <Link to={seeAll} className="fleet-alerts__more">
          Ver los {groupThousands(total)} documentos de este grupo
        </Link>
      ) : null}
    </section>
  );
}

/** The documents whose date TOGO does not know, per document: never shown as up to date (issue 37). */
function UnknownDates({ data }: { data: FleetAlerts }) {
  const unknown = FLEET_ALERT_DOCUMENTS.filter(
    (d) => (data.documento === null || data.documento === d) && data.sin_fecha[d] > 0,
  );
  if (unknown.length === 0) return null;
  return (
    <aside className="fleet-card fleet-alerts__unknown" aria-labelledby="alerts-unknown-title">
      <h2 id="alerts-unknown-title" className="fleet-card__title">
        Fechas que no conocemos
      </h2>
      <ul className="fleet-alerts__unknown-list">
        {unknown.map((d) => (
          <li key={d}>
            {FLEET_ALERT_DOCUMENT_NAMES[d]}: {count(data.sin_fecha[d], 'vehículo', 'vehículos')}
          </li>
        ))}
      </ul>
      <p className="fleet-alerts__empty">
        No aparecen en las alertas hasta que sepamos su fecha. Agrégalas en las columnas opcionales del
        archivo de la flota; la licencia y el SOAT también llegan con la consulta del RUNT.
      </p>
      <Link to="/flota/upload" className="btn btn--secondary">
        Cargar fechas
      </Link>
    </aside>
  );
}

/**
 * /flota/alertas (issues 16, 37 'Alertas'): every vehicle's SOAT, RTM, driver's licence, all-risk policy, road tax
 * and extinguisher recharge in four groups — vencidos, and due within 30, 60 and 90 days — filtered by document
 * and date; each group's first page, or one group alone page by page; each row links to the vehicle and to what
 * renews the document. Dates TOGO does not know are counted apart.
 */
export function FleetAlertsRoute() {
  usePageTitle('Alertas');
  const documentId = useId();
  const { params, hrefWith, setSearch } = useFleetSearch();
  const filter = filterFrom(params);
  const query = useFleetAlertsQuery({
    ...filter,
    page: filter.grupo ? filter.page : 1,
    pageSize: FLEET_ALERTS_PAGE_SIZE,
  });
  const data = query.data;

  const setFilter = (changes: SearchChanges) => setSearch({ ...changes, page: null }, true);

  const pages = data && filter.grupo ? Math.ceil(data.totales[filter.grupo] / FLEET_ALERTS_PAGE_SIZE) : 0;
  const pageGone = isApiError(query.error) && query.error.status === 404;

  return (
    <section className="fleet-screen" aria-labelledby="alerts-title" aria-busy={query.isFetching}>
      <header className="fleet-screen__head">
        <div className="fleet-screen__heading">
          <BackButton to="/flota" />
          <div>
            <h1 id="alerts-title" className="fleet-screen__title">
              Alertas
            </h1>
            {/* Written before the answer too (the day asked, else today), so the header never grows. */}
            <p className="fleet-screen__subtitle">
              Vencimientos al {formatDate(data?.fecha ?? filter.fecha ?? bogotaToday(new Date()))}: cada fila
              es un documento (un vehículo puede tener varios; en Hoy se cuenta cada vehículo una vez).
            </p>
          </div>
        </div>
        <div className="fleet-alerts__filters">
          <div className="fleet-alerts__field">
            <label htmlFor={documentId}>Documento</label>
            <select
              id={documentId}
              className="fleet-alerts__filter"
              value={filter.documento ?? ''}
              onChange={(e) => setFilter({ documento: e.target.value || null })}
            >
              <option value="">Todos</option>
              {FLEET_ALERT_DOCUMENTS.map((d) => (
                <option key={d} value={d}>
                  {FLEET_ALERT_DOCUMENT_NAMES[d]}
                </option>
              ))}
            </select>
          </div>
          <CityFilter value={filter.ciudad} onChange={(codigo) => setFilter({ ciudad: codigo })} />
          <DriverFilter value={filter.conductor} onChange={(text) => setFilter({ conductor: text })} />
          <DateFilter value={filter.fecha} shown={data?.fecha} onChange={(fecha) => setFilter({ fecha })} />
        </div>
      </header>

      {filter.grupo ? (
        <p>
          <Link to={hrefWith({ grupo: null, page: null })} className="fleet-alerts__more">
            Ver todos los grupos
          </Link>
        </p>
      ) : null}

      {pageGone ? (
        <p role="alert" className="fleet-empty__text">
          {ALERTS_PAGE_GONE}{' '}
          <Link to={hrefWith({ page: null })} replace>
            Ir a la primera página
          </Link>
        </p>
      ) : query.isError ? (
        <p role="alert" className="fleet-empty__text">
          {ALERTS_ERROR}
        </p>
      ) : !data ? (
        <TruckLoader />
      ) : (
        <>
          <div className="fleet-alerts">
            {(filter.grupo ? [filter.grupo] : FLEET_ALERT_GROUPS).map((g) => (
              <AlertGroup
                key={g}
                group={g}
                alerts={data.grupos[g]}
                total={data.totales[g]}
                seeAll={filter.grupo ? undefined : hrefWith({ grupo: g, page: null })}
              />
            ))}
          </div>
          {filter.grupo && pages > 1 ? (
            <Pager
              page={filter.page}
              total={pages}
              disabled={query.isFetching}
              label={`Páginas de ${GROUP_TITLES[filter.grupo].toLowerCase()}`}
              onPage={(page) => setSearch({ page: String(page) }, false)}
            />
          ) : null}
          <UnknownDates data={data} />
        </>
      )}
    </section>
  );
}
