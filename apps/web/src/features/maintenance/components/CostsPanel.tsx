import { useState } from 'react';
import type { MonthlyCosts } from '@togo/domain/maintenance/maintenance.contract';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { downloadCosts, useCosts, useMonthlyCosts } from '../api/maintenance.ts';
import { cop, longMonth, shortMonth } from '../maintenance-labels.ts';

export type Period = 'mes' | 'anio';

/** "Este mes" / "Este año": the period of a costs panel, as pressed buttons in a labelled group. */
export function PeriodToggle(props: { label: string; period: Period; onChange: (period: Period) => void }) {
  return (
    <div className="mto-toggle" role="group" aria-label={props.label}>
      {(
        [
          ['mes', 'Este mes'],
          ['anio', 'Este año'],
        ] as const
      ).map(([value, label]) => (
        <button
          key={value}
          type="button"
          className="mto-toggle__option"
          aria-pressed={props.period === value}
          onClick={() => props.onChange(value)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

const CATEGORIES = [
  ['mantenimiento', 'Mantenimiento'],
  ['combustible', 'Combustible'],
  ['servicios', 'Servicios TOGO'],
  ['multas', 'Multas pagadas'],
] as const;

/** This month or this year so far, as the costs query takes them. */
export function periodBounds(period: Period, today: string): { desde: string; hasta: string } {
  const desde = period === 'mes' ? `${today.slice(0, 7)}-01` : `${today.slice(0, 4)}-01-01`;
  return { desde, hasta: today };
}

/** Twelve bars drawn by hand (no chart library); the numbers are in the table beside it for screen readers. */
function MonthlyChart({ data }: { data: MonthlyCosts }) {
  const max = Math.max(1, ...data.meses.map((m) => m.total));
  const W = 360;
  const H = 120;
  const bar = W / data.meses.length;
  return (
    <figure className="mto-chart">
      <figcaption className="mto-card__subtitle">Últimos 12 meses</figcaption>
      <svg viewBox={`0 0 ${W} ${H + 18}`} className="mto-chart__svg" aria-hidden="true" focusable="false">
        {data.meses.map((m, i) => {
          const h = Math.round((m.total / max) * H);
          return (
            <g key={m.mes}>
              <rect
                x={i * bar + 4}
                y={H - h}
                width={bar - 8}
                height={Math.max(h, m.total > 0 ? 2 : 0)}
                rx="3"
                className="mto-chart__bar"
              />
              <text x={i * bar + bar / 2} y={H + 14} textAnchor="middle" className="mto-chart__label">
                {shortMonth(m.mes)}
              </text>
            </g>
          );
        })}
        <line x1="0" x2={W} y1={H} y2={H} className="mto-chart__axis" />
      </svg>
      <table className="visually-hidden">
        <caption>Costos de los últimos 12 meses</caption>
        <thead>
          <tr>
            <th scope="col">Mes</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {data.meses.map((m) => (
            <tr key={m.mes}>
              <th scope="row">{longMonth(m.mes)}</th>
              <td>{cop(m.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Costs of the month or the year: total, by category, cost per km, the 12-month chart and the .xlsx. */
export function CostsPanel({ vehicleId, today }: { vehicleId: number; today: string }) {
  const [period, setPeriod] = useState<Period>('mes');
  const { desde, hasta } = periodBounds(period, today);
  const costs = useCosts(vehicleId, desde, hasta);
  const monthly = useMonthlyCosts(vehicleId);
  const dialog = useDialog();
  const [exporting, setExporting] = useState(false);
  const data = costs.data;

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadCosts(vehicleId, desde, hasta);
    } catch {
      await dialog.show({ variant: 'error', message: 'No pudimos exportar los costos. Intenta de nuevo.' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="mto-card" aria-labelledby="mto-costs-title">
      <h2 id="mto-costs-title" className="mto-card__title">
        Costos
      </h2>
      <PeriodToggle label="Periodo de los costos" period={period} onChange={setPeriod} />
      {costs.isPending ? <p className="mto-muted">Consultando costos…</p> : null}
      {costs.isError ? (
        <p className="mto-error" role="alert">
          No pudimos consultar los costos. Intenta de nuevo.
        </p>
      ) : null}
      {data ? (
        <div aria-live="polite">
          <p className="mto-total">
            <span className="mto-total__label">Total {period === 'mes' ? 'del mes' : 'del año'}</span>
            <span className="mto-total__value" data-testid="mto-total">
              {cop(data.total)}
            </span>
          </p>
          <dl className="mto-facts">
            {CATEGORIES.map(([key, label]) => (
              <div key={key} className="mto-fact">
                <dt>{label}</dt>
                <dd>{cop(data.por_categoria[key])}</dd>
              </div>
            ))}
            <div className="mto-fact mto-fact--strong">
              <dt>Costo por km</dt>
              <dd>
                {data.costo_por_km === null
                  ? 'Sin kilómetros en el periodo'
                  : `${cop(data.costo_por_km)} / km`}
              </dd>
            </div>
          </dl>
        </div>
      ) : null}
      {monthly.data && monthly.data.meses.some((m) => m.total > 0) ? (
        <MonthlyChart data={monthly.data} />
      ) : monthly.data ? (
        <p className="mto-muted">Sin costos registrados en los últimos 12 meses.</p>
      ) : null}
      <button
        type="button"
        className="btn btn--secondary btn--block"
        onClick={() => void onExport()}
        disabled={exporting}
      >
        {exporting ? 'Exportando…' : 'Exportar a Excel (.xlsx)'}
      </button>
    </section>
  );
}
