import { useState } from 'react';
import type { FuelRecord, MaintenanceRecord } from '@togo/domain/maintenance/maintenance.contract';
import { formatDate } from '../../../lib/formatters.ts';
import { cop, km, typeLabel } from '../maintenance-labels.ts';

type Filter = 'todo' | 'mantenimiento' | 'combustible';

const FILTERS: [Filter, string][] = [
  ['todo', 'Todo'],
  ['mantenimiento', 'Mantenimientos'],
  ['combustible', 'Tanqueos'],
];

type Entry =
  | { kind: 'mantenimiento'; key: string; fecha: string; kilometraje: number; record: MaintenanceRecord }
  | { kind: 'combustible'; key: string; fecha: string; kilometraje: number; record: FuelRecord };

/** Services and fill-ups together, newest first (date, then odometer). */
export function historyEntries(records: MaintenanceRecord[], fuel: FuelRecord[]): Entry[] {
  const entries: Entry[] = [
    ...records.map((r) => ({
      kind: 'mantenimiento' as const,
      key: `m${r.id}`,
      fecha: r.fecha,
      kilometraje: r.kilometraje,
      record: r,
    })),
    ...fuel.map((r) => ({
      kind: 'combustible' as const,
      key: `c${r.id}`,
      fecha: r.fecha,
      kilometraje: r.kilometraje,
      record: r,
    })),
  ];
  return entries.sort((a, b) =>
    a.fecha === b.fecha ? b.kilometraje - a.kilometraje : a.fecha < b.fecha ? 1 : -1,
  );
}

const gallons = (value: number) => `${value.toLocaleString('es-CO', { maximumFractionDigits: 3 })} gal`;

function EntryItem({ entry }: { entry: Entry }) {
  if (entry.kind === 'mantenimiento') {
    const r = entry.record;
    return (
      <li className="mto-item">
        <div className="mto-item__main">
          <span className="mto-item__title">{typeLabel(r.tipo)}</span>
          <span className="mto-item__amount">{cop(r.costo)}</span>
        </div>
        <p className="mto-item__meta">
          {formatDate(r.fecha)} · {km(r.kilometraje)}
          {r.taller ? ` · ${r.taller}` : ''}
          {r.correccion ? ' · Corrección' : ''}
        </p>
        {r.descripcion ? <p className="mto-item__line">{r.descripcion}</p> : null}
        {r.factura_url ? (
          <a className="mto-link" href={r.factura_url} target="_blank" rel="noopener noreferrer">
            Ver factura<span className="visually-hidden"> del {formatDate(r.fecha)}</span>
          </a>
        ) : null}
      </li>
    );
  }
  const r = entry.record;
  return (
    <li className="mto-item mto-item--fuel">
      <div className="mto-item__main">
        <span className="mto-item__title">Tanqueo{r.tanque_lleno ? ' (tanque lleno)' : ''}</span>
        <span className="mto-item__amount">{cop(r.costo)}</span>
      </div>
      <p className="mto-item__meta">
        {formatDate(r.fecha)} · {km(r.kilometraje)} · {gallons(r.galones)}
        {r.correccion ? ' · Corrección' : ''}
      </p>
      {r.rendimiento_km_gal !== null ? (
        <p className="mto-item__line">
          Rendimiento:{' '}
          <strong>{r.rendimiento_km_gal.toLocaleString('es-CO', { maximumFractionDigits: 2 })} km/gal</strong>
        </p>
      ) : null}
    </li>
  );
}

export interface HistoryListProps {
  records: MaintenanceRecord[] | undefined;
  fuel: FuelRecord[] | undefined;
  pending: boolean;
  failed: boolean;
}

/** The history: services and fill-ups together, newest first, filterable. */
export function HistoryList({ records, fuel, pending, failed }: HistoryListProps) {
  const [filter, setFilter] = useState<Filter>('todo');
  const all = records && fuel ? historyEntries(records, fuel) : [];
  const shown = filter === 'todo' ? all : all.filter((e) => e.kind === filter);
  return (
    <section className="mto-card" aria-labelledby="mto-history-title">
      <h2 id="mto-history-title" className="mto-card__title">
        Historial
      </h2>
      <div className="mto-toggle" role="group" aria-label="Mostrar en el historial">
        {FILTERS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className="mto-toggle__option"
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
          >
            {label}
          </button>
        ))}
      </div>
      {pending ? <p className="mto-muted">Consultando historial…</p> : null}
      {failed ? (
        <p className="mto-error" role="alert">
          No pudimos consultar el historial. Intenta de nuevo.
        </p>
      ) : null}
      {!pending && !failed && shown.length === 0 ? (
        <p className="mto-muted">
          {filter === 'combustible'
            ? 'Aún no hay tanqueos registrados.'
            : filter === 'mantenimiento'
              ? 'Aún no hay mantenimientos registrados.'
              : 'Aún no hay registros. Agrega tu primer mantenimiento o tanqueo.'}
        </p>
      ) : null}
      {shown.length > 0 ? (
        <ul className="mto-list" aria-label="Historial de mantenimientos y tanqueos">
          {shown.map((entry) => (
            <EntryItem key={entry.key} entry={entry} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
