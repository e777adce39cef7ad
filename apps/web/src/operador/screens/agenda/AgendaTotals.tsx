import type { AgendaEntry } from '@togo/domain/operator/operator-console.contract';
import { dayTotals } from './agenda-summary.ts';

/** The day's bookings by state, at the top of the agenda (issue 38). */
export function AgendaTotals({ rows }: { rows: readonly AgendaEntry[] }) {
  const totals = dayTotals(rows);
  return (
    <ul className="ops-totals" aria-label="Totales del día">
      <li>
        <strong>{rows.length}</strong> {rows.length === 1 ? 'cita' : 'citas'}
      </li>
      {totals.map((t) => (
        <li key={t.estado} className={`ops-totals__item ops-totals__item--${t.estado}`}>
          <strong>{t.n}</strong> {t.label}
        </li>
      ))}
    </ul>
  );
}
