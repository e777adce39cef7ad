import { MONTHS_ES } from '@togo/domain/alerts/alerts.dates';
import type { ReactNode } from 'react';
import { BackButton } from '../../../components/ui/BackButton.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { formatCop, groupThousands } from '@togo/domain/money';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useFleetReportsQuery } from '../api/reports.ts';
import '../fleet-views.css';
import { FinesXlsxButton } from '../components/FinesXlsxButton.tsx';
import { SummaryPdfButton } from '../components/SummaryPdfButton.tsx';

export const REPORTS_ERROR = 'No pudimos cargar los reportes. Intenta nuevamente.';

/** 'YYYY-MM' → 'diciembre de 2025'. */
export function monthName(mes: string): string {
  const [y, m] = mes.split('-');
  const name = MONTHS_ES[Number(m) - 1];
  return name && y ? `${name} de ${y}` : 'Sin fecha';
}

interface Totals {
  multas: number;
  total: number;
  pendientes: number;
  total_pendiente: number;
}

function TotalsTable<T extends Totals>(props: {
  title: string;
  first: string;
  rows: T[];
  /** The table's rows in all, and what they are ('vehículos', 'conductores', 'meses'). */
  total: number;
  counted: string;
  /** How the first rows are chosen: 'con mayor valor', 'más recientes'. */
  order: string;
  label: (row: T) => ReactNode;
  rowKey: (row: T) => string;
}) {
  return (
    <section className="fleet-card fleet-report" aria-label={props.title}>
      <h2 className="fleet-card__title">{props.title}</h2>
      {props.rows.length === 0 ? (
        <p className="fleet-alerts__empty">Sin multas registradas.</p>
      ) : (
        // Scrolls sideways at 390 px: focusable and named, so the keyboard can scroll it (axe).
        <div
          className="fleet-table-wrap"
          tabIndex={0}
          role="region"
          aria-label={`Tabla de ${props.title.toLowerCase()}`}
        >
          <table className="fleet-table">
            <thead>
              <tr>
                <th scope="col">{props.first}</th>
                <th scope="col">Multas</th>
                <th scope="col">Total</th>
                <th scope="col">Pendiente</th>
              </tr>
            </thead>
            <tbody>
              {props.rows.map((r) => (
                <tr key={props.rowKey(r)}>
                  <td>{props.label(r)}</td>
                  <td>{groupThousands(r.multas)}</td>
                  <td>{formatCop(r.total)}</td>
                  <td>{formatCop(r.total_pendiente)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {props.total > props.rows.length ? (
        <p className="fleet-alerts__empty">
          Los {groupThousands(props.rows.length)} {props.counted} {props.order} de{' '}
          {groupThousands(props.total)}. Todas las multas están en «Descargar multas (.xlsx)».
        </p>
      ) : null}
    </section>
  );
}

/**
 * /flota/reportes (issue 16 'Reportes'): the share of vehicles with their documents in order, and the fines
 * totals by vehicle, by driver and by month; every fine as an .xlsx and the management summary as a PDF.
 */
export function FleetReportsRoute() {
  usePageTitle('Reportes');
  const query = useFleetReportsQuery();
  const data = query.data;

  return (
    <section className="fleet-screen" aria-labelledby="reports-title">
      <header className="fleet-screen__head">
        <div className="fleet-screen__heading">
          <BackButton to="/flota" />
          <h1 id="reports-title" className="fleet-screen__title">
            Reportes
          </h1>
        </div>
        <div className="fleet-screen__actions fleet-no-print">
          <FinesXlsxButton />
          <SummaryPdfButton />
        </div>
      </header>
      {query.isPending ? (
        <TruckLoader />
      ) : query.isError || !data ? (
        <p role="alert" className="fleet-empty__text">
          {REPORTS_ERROR}
        </p>
      ) : (
        <div className="fleet-alerts">
          <section className="fleet-card fleet-report__docs" aria-label="Documentos al día">
            <h2 className="fleet-card__title">Documentos al día</h2>
            <p className="fleet-report__percent">
              {data.documentos.porcentaje_al_dia.toLocaleString('es-CO')} %
            </p>
            <p className="fleet-alerts__empty">
              {groupThousands(data.documentos.al_dia)} de {groupThousands(data.documentos.vehiculos)}{' '}
              vehículos con SOAT y revisión técnico-mecánica al día.
            </p>
            {data.documentos.sin_informacion > 0 ? (
              <p className="fleet-alerts__empty" role="note">
                De {groupThousands(data.documentos.sin_informacion)}{' '}
                {data.documentos.sin_informacion === 1 ? 'vehículo' : 'vehículos'} aún no conocemos el SOAT
                (sin respuesta del RUNT ni fecha en el archivo de la flota): no se cuentan como al día.
              </p>
            ) : null}
          </section>
          <TotalsTable
            title="Multas por vehículo"
            first="Placa"
            rows={data.por_vehiculo}
            total={data.totales.por_vehiculo}
            counted="vehículos"
            order="con mayor valor en multas"
            label={(r) => <span className="fleet-table__plate">{r.placa}</span>}
            rowKey={(r) => r.placa}
          />
          <TotalsTable
            title="Multas por conductor"
            first="Conductor"
            rows={data.por_conductor}
            total={data.totales.por_conductor}
            counted="conductores"
            order="con mayor valor en multas"
            label={(r) => `${r.conductor} (${r.documento})`}
            rowKey={(r) => r.documento}
          />
          <TotalsTable
            title="Multas por mes"
            first="Mes"
            rows={data.por_mes}
            total={data.totales.por_mes}
            counted="meses"
            order="más recientes"
            label={(r) => monthName(r.mes)}
            rowKey={(r) => r.mes}
          />
        </div>
      )}
    </section>
  );
}
