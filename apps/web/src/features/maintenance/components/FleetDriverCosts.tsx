import { useState } from 'react';
import { COST_CATEGORIES, COST_CATEGORY_LABEL } from '@togo/domain/maintenance/costs';
import type { FleetDriverCostsRow } from '@togo/domain/maintenance/fleet-driver-costs.contract';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { downloadFleetDriverCosts, useFleetDriverCosts } from '../api/maintenance.ts';
import { cop } from '../maintenance-labels.ts';
import { PeriodToggle, periodBounds, type Period } from './CostsPanel.tsx';
import '../fleet-costs.css';

const perKm = (value: number | null) => (value === null ? 'Sin km' : `${cop(value)} / km`);

function Cells({ row }: { row: Pick<FleetDriverCostsRow, 'por_categoria' | 'total' | 'costo_por_km'> }) {
  return (
    <>
      {COST_CATEGORIES.map((c) => (
        <td key={c}>{cop(row.por_categoria[c])}</td>
      ))}
      <td>
        <strong>{cop(row.total)}</strong>
      </td>
      <td>{perKm(row.costo_por_km)}</td>
    </>
  );
}

/**
 * Costs per driver (issue 39 "Companies", decision 091): the fleet's costs of this month or this year, grouped by
 * each vehicle's assigned driver (the vehicles without one under "Sin conductor asignado"), by category and per
 * km, with the .xlsx export.
 */
export function FleetDriverCosts({ today }: { today: string }) {
  const [period, setPeriod] = useState<Period>('anio');
  const { desde, hasta } = periodBounds(period, today);
  const query = useFleetDriverCosts(desde, hasta);
  const data = query.data;
  const dialog = useDialog();
  const [exporting, setExporting] = useState(false);
  const onExport = async () => {
    setExporting(true);
    try {
      await downloadFleetDriverCosts(desde, hasta);
    } catch {
      await dialog.show({
        variant: 'error',
        message: 'No pudimos exportar los costos por conductor. Intenta de nuevo.',
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="mto-card mto-drivers" aria-labelledby="mto-drivers-title">
      <h2 id="mto-drivers-title" className="mto-card__title">
        Costos por conductor
      </h2>
      <PeriodToggle label="Periodo de los costos por conductor" period={period} onChange={setPeriod} />
      {query.isPending ? <p className="mto-muted">Consultando costos…</p> : null}
      {query.isError ? (
        <p className="mto-error" role="alert">
          No pudimos consultar los costos por conductor. Intenta de nuevo.
        </p>
      ) : null}
      {data && data.data.length === 0 ? (
        <p className="mto-muted">Sin costos registrados en el periodo.</p>
      ) : null}
      {data && data.data.length > 0 ? (
        <div
          className="mto-table-wrap"
          aria-live="polite"
          tabIndex={0}
          role="region"
          aria-label="Tabla de costos por conductor"
        >
          <table className="mto-table">
            <caption className="visually-hidden">
              Costos por conductor {period === 'mes' ? 'del mes' : 'del año'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Conductor</th>
                <th scope="col">Vehículos</th>
                {COST_CATEGORIES.map((c) => (
                  <th key={c} scope="col">
                    {COST_CATEGORY_LABEL[c]}
                  </th>
                ))}
                <th scope="col">Total</th>
                <th scope="col">Costo por km</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((row) => (
                <tr key={row.documento === null ? '-' : `${row.tipo_documento ?? ''}:${row.documento}`}>
                  <th scope="row">
                    {row.conductor}
                    {row.documento !== null &&
                    row.conductor !== `${row.tipo_documento ?? ''} ${row.documento}`.trim() ? (
                      <span className="mto-muted mto-drivers__doc">
                        {row.tipo_documento} {row.documento}
                      </span>
                    ) : null}
                  </th>
                  <td>{row.placas.join(', ')}</td>
                  <Cells row={row} />
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total de la flota</th>
                <td />
                <Cells row={data.flota} />
              </tr>
            </tfoot>
          </table>
        </div>
      ) : null}
      <button
        type="button"
        className="btn btn--secondary"
        onClick={() => void onExport()}
        disabled={exporting}
      >
        {exporting ? 'Exportando…' : 'Exportar costos por conductor (.xlsx)'}
      </button>
    </section>
  );
}
