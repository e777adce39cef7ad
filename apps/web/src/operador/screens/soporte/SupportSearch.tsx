import { useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  SUPPORT_ORDERS,
  type SupportOrder,
  type SupportSortKey,
} from '@togo/domain/operator/operator-support.contract';
import { operatorErrorMessage } from '../../lib/operator-messages.ts';
import { searchUsers, SUPPORT_PAGE_SIZE, supportKeys } from './support-api.ts';
import { formatInstant } from './support-labels.ts';

const COLUMNS: { key: SupportSortKey | null; label: string }[] = [
  { key: 'nombre', label: 'Nombre' },
  { key: 'correo', label: 'Correo' },
  { key: null, label: 'Teléfono' },
  { key: null, label: 'Documento' },
  { key: null, label: 'Placas' },
  { key: 'creado', label: 'Registro' },
];

function readOrder(value: string | null): SupportOrder {
  return (SUPPORT_ORDERS as readonly string[]).includes(value ?? '') ? (value as SupportOrder) : 'nombre';
}

function readPage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * /operador/soporte: find a driver by email, phone, document or plate. The query, page and order live in
 * the address (back and reload keep them); paging and sorting happen on the server.
 */
export function SupportSearch() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const q = (params.get('q') ?? '').trim();
  const page = readPage(params.get('page'));
  const orden = readOrder(params.get('orden'));
  const [text, setText] = useState(q);
  const inputId = useId();
  const hintId = useId();
  // The box follows the address (back/forward, a link): adjusted while rendering, not in an effect.
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setText(q);
  }

  const results = useQuery({
    queryKey: supportKeys.search(q, page, orden),
    queryFn: ({ signal }) => searchUsers(q, page, orden, signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });

  const update = (next: { q?: string; page?: number; orden?: SupportOrder }) => {
    const merged = new URLSearchParams(params);
    if (next.q !== undefined) merged.set('q', next.q);
    merged.set('page', String(next.page ?? 1));
    merged.set('orden', next.orden ?? orden);
    setParams(merged);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return;
    update({ q: value, page: 1 });
  };

  const sortBy = (key: SupportSortKey) =>
    update({ orden: orden === key ? (`-${key}` as SupportOrder) : key, page: 1 });

  const data = results.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / SUPPORT_PAGE_SIZE)) : 1;

  return (
    <>
      <form className="sp-search" role="search" onSubmit={submit}>
        <label htmlFor={inputId} className="sp-search__label">
          Buscar conductor
        </label>
        <div className="sp-search__row">
          <input
            id={inputId}
            className="sp-input"
            type="search"
            value={text}
            maxLength={254}
            autoComplete="off"
            aria-describedby={hintId}
            placeholder="correo@ejemplo.com, 300 123 4567, Laura Peña o ABC123"
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="btn btn--primary sp-search__button" disabled={!text.trim()}>
            Buscar
          </button>
        </div>
        <p id={hintId} className="op-muted sp-hint">
          Escribe el correo, el teléfono (con o sin +57), el documento o la placa completos, o el comienzo del
          nombre o de los apellidos.
        </p>
      </form>

      {!q ? (
        <p className="op-muted sp-empty">Escribe un dato del conductor para buscarlo.</p>
      ) : results.isPending ? (
        <p className="sp-loading" role="status">
          <span className="op-spinner" aria-hidden="true" /> Buscando…
        </p>
      ) : results.isError ? (
        <div className="op-alert op-alert--error" role="alert">
          <p>{operatorErrorMessage(results.error, 'No pudimos hacer la búsqueda.')}</p>
          <button
            type="button"
            className="btn btn--secondary op-btn-sm"
            onClick={() => void results.refetch()}
          >
            Reintentar
          </button>
        </div>
      ) : data && data.total === 0 ? (
        <p className="sp-empty" role="status">
          No encontramos conductores con «{q}». Revisa que el dato esté completo.
        </p>
      ) : data ? (
        <section aria-labelledby="sp-results" aria-busy={results.isFetching}>
          <h2 id="sp-results" className="sp-subtitle">
            {data.total === 1 ? '1 conductor' : `${data.total} conductores`}
          </h2>
          <div className="sp-table-wrap">
            <table className="sp-table">
              <thead>
                <tr>
                  {COLUMNS.map((c) => {
                    const active = c.key && orden.replace('-', '') === c.key;
                    const desc = orden.startsWith('-');
                    return (
                      <th
                        key={c.label}
                        scope="col"
                        aria-sort={active ? (desc ? 'descending' : 'ascending') : undefined}
                      >
                        {c.key ? (
                          <button
                            type="button"
                            className="sp-sort"
                            onClick={() => sortBy(c.key as SupportSortKey)}
                          >
                            {c.label}
                            <span aria-hidden="true">{active ? (desc ? ' ▼' : ' ▲') : ' ↕'}</span>
                          </button>
                        ) : (
                          c.label
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {data.data.map((u) => (
                  <tr key={u.id}>
                    <td data-label="Nombre">
                      <Link to={String(u.id)} state={{ search: location.search }} className="sp-link">
                        {u.nombre || 'Sin nombre'}
                      </Link>
                    </td>
                    <td data-label="Correo" className="sp-break">
                      {u.correo}
                    </td>
                    <td data-label="Teléfono">{u.telefono ?? '—'}</td>
                    <td data-label="Documento">{u.documento ?? '—'}</td>
                    <td data-label="Placas">{u.placas.length ? u.placas.join(', ') : '—'}</td>
                    <td data-label="Registro">{formatInstant(u.creado)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 || page > 1 ? (
            <nav className="sp-pager" aria-label="Páginas de resultados">
              <button
                type="button"
                className="btn btn--secondary op-btn-sm"
                disabled={page <= 1}
                onClick={() => update({ page: page - 1 })}
              >
                Anterior
              </button>
              <span aria-live="polite">
                Página {page} de {pages}
              </span>
              <button
                type="button"
                className="btn btn--secondary op-btn-sm"
                disabled={page >= pages}
                onClick={() => update({ page: page + 1 })}
              >
                Siguiente
              </button>
            </nav>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
