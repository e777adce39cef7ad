import { useState } from 'react';
import { Link } from 'react-router';
import {
  FLEET_COMPLIANCE_PATHS,
  type FleetComplianceRow,
} from '@togo/domain/fleet/fleet-compliance.contract';
import { groupThousands } from '@togo/domain/money';
import { BackButton } from '../../../components/ui/BackButton.tsx';
import { DownloadIcon } from '../../../components/ui/app-icons.tsx';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { formatDate } from '../../../lib/formatters.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useComplianceQuery } from '../api/compliance.ts';
import { downloadWithToken } from '../../../lib/api-client.ts';
import { SummaryPdfButton } from '../components/SummaryPdfButton.tsx';

export const ALL_CAN_DRIVE = 'Todos los vehículos de tu flota pueden circular hoy.';
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
  const query = useComplianceQuery();
  const [downloading, setDownloading] = useState(false);
  // Blocked first, then unknown (puede_circular null); the API orders each by plate.
  const rows = query.data?.data ?? [];
  const blocked = [
    ...rows.filter((r) => r.puede_circular === false),
    ...rows.filter((r) => r.puede_circular === null),
  ];
  const resumen = query.data?.resumen;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadWithToken(FLEET_COMPLIANCE_PATHS.xlsx, 'cumplimiento-flota.xlsx');
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
            {query.data ? (
              <p className="fleet-screen__subtitle">
                Vehículos que no pueden circular o sin información el {formatDate(query.data.fecha)}
              </p>
            ) : null}
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

      {resumen ? (
        <ul className="fleet-summary" aria-label="Resumen de la flota">
          <li>
            <strong>{groupThousands(resumen.vehiculos)}</strong> vehículos
          </li>
          <li>
            <strong>{groupThousands(resumen.no_pueden_circular)}</strong> no pueden circular
          </li>
          <li>
            <strong>{groupThousands(resumen.sin_informacion)}</strong> sin información de pico y placa
          </li>
          <li>
            <strong>{groupThousands(resumen.vencidos)}</strong> vehículos con algún documento vencido
          </li>
          <li>
            <strong>{groupThousands(resumen.vencen_30)}</strong> vehículos con un documento que vence en 30
            días
          </li>
        </ul>
      ) : null}
      {resumen ? (
        <p className="fleet-screen__note">
          Aquí se cuenta cada vehículo una vez; en <Link to="/flota/alertas">Alertas</Link> se cuenta cada
          documento (un vehículo puede tener varios).
        </p>
      ) : null}

      {query.isPending ? (
        <TruckLoader />
      ) : query.isError && !query.data ? null : blocked.length === 0 ? (
        <div className="fleet-empty">
          <p className="fleet-empty__text">{ALL_CAN_DRIVE}</p>
        </div>
      ) : (
        // Scrolls sideways at 390 px: focusable and named, so the keyboard can scroll it (axe).
        <div className="fleet-table-wrap" tabIndex={0} role="region" aria-label="Vehículos de hoy">
          <table className="fleet-table">
            <caption className="visually-hidden">
              Vehículos que no pueden circular hoy o sin información de pico y placa
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
    </section>
  );
}
