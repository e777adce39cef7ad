import { useState } from 'react';
import { bogotaToday } from '@togo/domain/bogota-time';
import { Link } from 'react-router';
import type { FleetMaintenanceFilter } from '@togo/domain/maintenance/fleet-maintenance.contract';
import { BackButton } from '../../../components/ui/BackButton.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { formatDate } from '../../../lib/formatters.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { downloadFleetMaintenance, useFleetMaintenance } from '../api/maintenance.ts';
import { getFleetMembership } from '../../../lib/storage.ts';
import { FleetDriverCosts } from '../components/FleetDriverCosts.tsx';
import { MaintenanceImport } from '../components/MaintenanceImport.tsx';
import { cop, km, stateLabel, typeLabel } from '../maintenance-labels.ts';
import '../maintenance.css';

const FILTERS: [FleetMaintenanceFilter, string][] = [
  ['pendientes', 'Vencidos y pronto'],
  ['vencido', 'Solo vencidos'],
  ['todos', 'Todos'],
];

const EMPTY: Record<FleetMaintenanceFilter, string> = {
  pendientes: 'Ningún vehículo tiene mantenimientos vencidos o próximos.',
  vencido: 'Ningún vehículo tiene mantenimientos vencidos.',
  todos: 'Aún no hay recordatorios de mantenimiento en tu flota. Créalos desde cada vehículo.',
};

/**
 * /flota/mantenimiento (issue 39 "Companies", decision 077): the fleet's vehicles with a service due or overdue
 * (by date or km, whichever first), worst first, paginated, with the cost per km of the year; each opens the
 * vehicle's own "Mantenimiento"; below, the costs per driver (decision 091) and the import of past services
 * (decision 092).
 */
export function FleetMaintenanceListRoute() {
  usePageTitle('Mantenimiento de la flota');
  const [estado, setEstado] = useState<FleetMaintenanceFilter>('pendientes');
  const [page, setPage] = useState(1);
  const query = useFleetMaintenance(page, estado);
  const data = query.data;
  const pages = Math.max(1, data?.numero_paginas_totales ?? 1);
  const dialog = useDialog();
  const [exporting, setExporting] = useState(false);
  const [today] = useState(() => bogotaToday(new Date()));
  // A consulta member does not import (the API answers 403 anyway).
  const canImport = (getFleetMembership()?.rol ?? 'administrador') !== 'consulta';
  const onExport = async () => {
    setExporting(true);
    try {
      await downloadFleetMaintenance(estado);
    } catch {
      await dialog.show({
        variant: 'error',
        message: 'No pudimos exportar el mantenimiento. Intenta de nuevo.',
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="mto-fleet" aria-labelledby="mto-fleet-title">
      <header className="mto-fleet__head">
        <BackButton to="/flota" />
        <h1 id="mto-fleet-title" className="mto-fleet__title">
          Mantenimiento de la flota
        </h1>
        <button
          type="button"
          className="btn btn--secondary mto-fleet__export"
          onClick={() => void onExport()}
          disabled={exporting}
        >
          {exporting ? 'Exportando…' : 'Exportar a Excel (.xlsx)'}
        </button>
      </header>
      {data ? (
        <p className="mto-fleet__summary">
          <span className="mto-chip mto-chip--vencido">{data.resumen.vencido} con servicio vencido</span>
          <span className="mto-chip mto-chip--pronto">{data.resumen.pronto} con servicio pronto</span>
        </p>
      ) : null}
      <div className="mto-toggle" role="group" aria-label="Vehículos que se muestran">
        {FILTERS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className="mto-toggle__option"
            aria-pressed={estado === value}
            onClick={() => {
              setEstado(value);
              setPage(1);
            }}
          >
            {label}
          </button>
        ))}
      </div>
      {query.isPending ? (
        <TruckLoader />
      ) : query.isError ? (
        <p className="mto-error" role="alert">
          No pudimos consultar el mantenimiento de la flota. Intenta de nuevo.
        </p>
      ) : data && data.data.length === 0 ? (
        <p className="mto-muted">{EMPTY[estado]}</p>
      ) : data ? (
        <div className="mto-table-wrap">
          <table className="mto-table">
            <caption className="visually-hidden">Vehículos y sus próximos mantenimientos</caption>
            <thead>
              <tr>
                <th scope="col">Placa</th>
                <th scope="col">Estado</th>
                <th scope="col">Servicios</th>
                <th scope="col">Kilometraje</th>
                <th scope="col">Costo del año</th>
                <th scope="col">Costo por km</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((row) => (
                <tr key={row.vehicle_id}>
                  <th scope="row">
                    <Link
                      className="mto-link"
                      to={`/flota/vehiculo/${row.vehicle_id}/mantenimiento`}
                      aria-label={`Mantenimiento de ${row.placa}`}
                    >
                      {row.placa}
                    </Link>
                  </th>
                  <td>
                    <span className={`mto-chip mto-chip--${row.estado}`}>{stateLabel(row.estado)}</span>
                  </td>
                  <td>
                    <ul className="mto-table__services">
                      {row.servicios.map((s) => (
                        <li key={s.tipo}>
                          <strong>{typeLabel(s.tipo)}</strong> ({stateLabel(s.estado).toLowerCase()}):{' '}
                          {[
                            s.proximo_km === null ? null : km(s.proximo_km),
                            s.proxima_fecha === null ? null : formatDate(s.proxima_fecha),
                          ]
                            .filter(Boolean)
                            .join(' o ')}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>{km(row.kilometraje)}</td>
                  <td>{cop(row.costo_anio)}</td>
                  <td>{row.costo_por_km === null ? 'Sin km' : `${cop(row.costo_por_km)} / km`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data && pages > 1 ? (
        <nav className="mto-pager" aria-label="Páginas del mantenimiento de la flota">
          <button
            type="button"
            className="btn btn--secondary"
            disabled={page <= 1}
            onClick={() => setPage((p) => Math.max(1, p - 1))}
          >
            Anterior
          </button>
          <span aria-live="polite">
            Página {page} de {pages}
          </span>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={page >= pages}
            onClick={() => setPage((p) => Math.min(pages, p + 1))}
          >
            Siguiente
          </button>
        </nav>
      ) : null}
      <FleetDriverCosts today={today} />
      {canImport ? <MaintenanceImport /> : null}
    </section>
  );
}
