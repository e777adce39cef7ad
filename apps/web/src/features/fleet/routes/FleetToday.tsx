import { useId, useState } from 'react';
import { Link } from 'react-router';
import { bogotaToday } from '@togo/domain/bogota-time';
import {
  FLEET_COMPLIANCE_PATHS,
  FLEET_COMPLIANCE_STATES,
  type FleetComplianceRow,
  type FleetComplianceState,
} from '@togo/domain/fleet/fleet-compliance.contract';
import { groupThousands } from '@togo/domain/money';
import { BackButton } from '../../../components/ui/BackButton.tsx';
import { DownloadIcon } from '../../../components/ui/app-icons.tsx';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { formatDate } from '../../../lib/formatters.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useTodayQuery } from '../api/compliance.ts';
import { downloadWithToken } from '../../../lib/api-client.ts';
import { CityFilter } from '../components/CityFilter.tsx';
import { DateFilter } from '../components/DateFilter.tsx';
import { Pager } from '../components/Pager.tsx';
import { searchCity, searchDate, searchPage, useFleetSearch } from '../fleet-search.ts';
import { SummaryPdfButton } from '../components/SummaryPdfButton.tsx';
import '../fleet-views.css';

export const ALL_CAN_DRIVE = 'Todos los vehículos de tu flota pueden circular hoy.';
/** The 'Motivo' filter: both lists, or one of them (issue 37). */
const STATE_LABELS: Record<FleetComplianceState, string> = {
  atencion: 'No pueden circular o sin información',
  no_pueden: 'No pueden circular',
  sin_informacion: 'Sin información de pico y placa',
};

/** What an empty list means, for the filter, the city and the day chosen. */
function emptyText(estado: FleetComplianceState, oneCity: boolean, day: string): string {
  const fleet = `tu flota${oneCity ? ' en esta ciudad' : ''}`;
  if (estado === 'no_pueden') return `Ningún vehículo de ${fleet} tiene impedido circular ${day}.`;
  if (estado === 'sin_informacion')
    return `Conocemos el pico y placa de todos los vehículos de ${fleet} ${day}.`;
  return !oneCity && day === 'hoy'
    ? ALL_CAN_DRIVE
    : `Todos los vehículos de ${fleet} pueden circular ${day}.`;
}

export const TODAY_ERROR = 'No pudimos cargar el estado de tu flota. Intenta nuevamente.';
/** A vehicle nothing keeps off the road but whose city has no pico y placa rule in force (issue 33). */
export const UNKNOWN_STATE = 'Sin información';

function unknownReason(row: FleetComplianceRow): string {
  return row.ciudad
    ? `Sin información vigente de pico y placa en ${row.ciudad}: consulta la fuente oficial.`
    : 'Sin ciudad registrada: no sabemos su pico y placa.';
}

/**
 * /flota/hoy (issue 16 'Hoy'): the vehicles that cannot go out today with the reasons (pico y placa with the
 * hours, SOAT or RTM expired), then those whose pico y placa TOGO does not know ("Sin información", never
 * "puede circular", issue 33), a summary, 'Imprimir' and the whole grid as an .xlsx.
 */
export function FleetTodayRoute() {
  usePageTitle('Hoy');
  const dialog = useDialog();
  const stateId = useId();
  // The filters and the page live in the address (reload, back, a shared link); the API checks the date.
  const { params, setSearch } = useFleetSearch();
  const fecha = searchDate(params);
  const estadoParam = params.get('estado');
  const estado = (FLEET_COMPLIANCE_STATES as readonly string[]).includes(estadoParam ?? '')
    ? (estadoParam as FleetComplianceState)
    : 'atencion';
  const ciudad = searchCity(params);
  const page = searchPage(params);
  const query = useTodayQuery(estado, fecha, ciudad, page);
  const [downloading, setDownloading] = useState(false);
  // Blocked first, then unknown (puede_circular null), each by plate: the API's order and page.
  const blocked = query.data?.data ?? [];
  const resumen = query.data?.resumen;
  // Written before the answer too (the day asked, else today in Bogotá), so the header never grows when it comes.
  const shownDate = formatDate(query.data?.fecha ?? fecha ?? bogotaToday(new Date()));
  /** A count of the summary; a dash while it loads (the list keeps its height: no layout shift). */
  const count = (n: number | undefined) => (n === undefined ? '—' : groupThousands(n));
  const onOtherDay = fecha !== null && fecha !== bogotaToday(new Date());

  const download = async () => {
    setDownloading(true);
    try {
      await downloadWithToken(
        fecha ? `${FLEET_COMPLIANCE_PATHS.xlsx}?fecha=${fecha}` : FLEET_COMPLIANCE_PATHS.xlsx,
        fecha ? `cumplimiento-flota-${fecha}.xlsx` : 'cumplimiento-flota.xlsx',
      );
    } catch (error) {
      console.error('Descarga de cumplimiento', error);
      await dialog.show({
        variant: 'error',
        title: '¡Ups!',
        message: 'No se pudo descargar el archivo, intenta nuevamente.',
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="fleet-screen" aria-labelledby="today-title">
      <header className="fleet-screen__head">
        <div className="fleet-screen__heading">
          <BackButton to="/flota" />
          <div>
            <h1 id="today-title" className="fleet-screen__title">
              Hoy
            </h1>
            <p className="fleet-screen__subtitle">
              Vehículos que no pueden circular o sin información el {shownDate}
            </p>
          </div>
        </div>
        <div className="fleet-screen__actions fleet-no-print">
          <button type="button" className="btn btn--secondary" onClick={() => window.print()}>
            Imprimir
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void download()}
            disabled={downloading}
          >
            <DownloadIcon />
            Descargar cumplimiento (.xlsx)
          </button>
          <SummaryPdfButton />
        </div>
      </header>

      {query.isError && !query.data ? null : (
        <ul className="fleet-summary" aria-label="Resumen de la flota" aria-busy={!resumen}>
          <li>
            <strong>{count(resumen?.vehiculos)}</strong> vehículos
          </li>
          <li>
            <strong>{count(resumen?.no_pueden_circular)}</strong> no pueden circular
          </li>
          <li>
            <strong>{count(resumen?.sin_informacion)}</strong> sin información de pico y placa
          </li>
          <li>
            <strong>{count(resumen?.vencidos)}</strong> vehículos con algún documento vencido
          </li>
          <li>
            <strong>{count(resumen?.vencen_30)}</strong> vehículos con un documento que vence en 30 días
          </li>
        </ul>
      )}
      <p className="fleet-screen__note">
        Aquí se cuenta cada vehículo una vez; en <Link to="/flota/alertas">Alertas</Link> se cuenta cada
        documento (un vehículo puede tener varios).
      </p>

      <div className="fleet-alerts__filters fleet-no-print">
        <div className="fleet-alerts__field">
          <label htmlFor={stateId}>Motivo</label>
          <select
            id={stateId}
            className="fleet-alerts__filter"
            value={estado}
            onChange={(e) =>
              setSearch({ estado: e.target.value === 'atencion' ? null : e.target.value, page: null }, true)
            }
          >
            {FLEET_COMPLIANCE_STATES.map((s) => (
              <option key={s} value={s}>
                {STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <CityFilter value={ciudad} onChange={(codigo) => setSearch({ ciudad: codigo, page: null }, true)} />
        <DateFilter
          value={fecha}
          shown={query.data?.fecha}
          onChange={(next) => setSearch({ fecha: next, page: null }, true)}
        />
      </div>

      {query.isError && !query.data ? (
        <p role="alert" className="fleet-empty__text">
          {TODAY_ERROR}
        </p>
      ) : !query.data ? (
        <TruckLoader />
      ) : blocked.length === 0 ? (
        <div className="fleet-empty">
          <p className="fleet-empty__text">
            {emptyText(estado, ciudad !== null, onOtherDay ? `el ${shownDate}` : 'hoy')}
          </p>
        </div>
      ) : (
        // Scrolls sideways at 390 px: focusable and named, so the keyboard can scroll it (axe).
        <div
          className="fleet-table-wrap"
          tabIndex={0}
          role="region"
          aria-label={onOtherDay ? `Vehículos del ${shownDate}` : 'Vehículos de hoy'}
        >
          <table className="fleet-table">
            <caption className="visually-hidden">
              Vehículos que no pueden circular el {shownDate} o sin información de pico y placa
            </caption>
            <thead>
              <tr>
                <th scope="col">Placa</th>
                <th scope="col">Ciudad</th>
                <th scope="col">Motivos</th>
              </tr>
            </thead>
            <tbody>
              {blocked.map((row) => (
                <tr key={row.placa}>
                  <td className="fleet-table__plate">{row.placa}</td>
                  <td>{row.ciudad ?? '—'}</td>
                  <td>
                    {row.puede_circular === null ? (
                      <>
                        <span className="fleet-state fleet-state--unknown">{UNKNOWN_STATE}</span>
                        <p className="fleet-state__why">{unknownReason(row)}</p>
                      </>
                    ) : (
                      <ul className="fleet-reasons">
                        {row.motivos.map((m) => (
                          <li key={m}>{m}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.data && query.data.numero_paginas_totales > 1 ? (
        <Pager
          page={page}
          total={query.data.numero_paginas_totales}
          disabled={query.isFetching}
          label="Páginas de vehículos"
          onPage={(next) => setSearch({ page: String(next) }, false)}
        />
      ) : null}
    </section>
  );
}
