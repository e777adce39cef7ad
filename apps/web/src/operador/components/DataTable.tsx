import type { ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** Sortable on the server: the table shows the order and asks for the other one. */
  sortable?: boolean;
  /** Right-aligned numbers. */
  numeric?: boolean;
}

export interface SortState {
  key: string;
  order: 'asc' | 'desc';
}

interface Props<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T, index: number) => string | number;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  empty?: string;
  sort?: SortState;
  onSort?: (sort: SortState) => void;
  /**
   * 'stack': a wide table whose rows become labelled cards below 900 px (no sideways scrolling on a tablet), with
   * its sortable headers kept as a bar above them.
   */
  layout?: 'scroll' | 'stack';
}

/**
 * The console's table (decision 029): a real <table> with a caption for screen readers, loading, empty and
 * error states, and server-side sorting through `sort`/`onSort` (aria-sort on the sorted column). Scrolls
 * sideways inside its frame on narrow screens instead of widening the page, or stacks its rows (`layout`).
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  loading = false,
  error = null,
  onRetry,
  empty = 'No hay resultados.',
  sort,
  onSort,
  layout = 'scroll',
}: Props<T>) {
  return (
    <div className="op-table-frame" aria-busy={loading}>
      <table className={layout === 'stack' ? 'op-table op-table--stack' : 'op-table'}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((col) => {
              const sorted = sort?.key === col.key ? sort.order : null;
              return (
                <th
                  key={col.key}
                  scope="col"
                  className={col.numeric ? 'op-num' : undefined}
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                >
                  {col.sortable && onSort ? (
                    <button
                      type="button"
                      className="op-table__sort"
                      onClick={() => onSort({ key: col.key, order: sorted === 'desc' ? 'asc' : 'desc' })}
                    >
                      {col.header}
                      <span aria-hidden="true">
                        {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}
                      </span>
                    </button>
                  ) : (
                    col.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {error ? (
            <tr>
              <td colSpan={columns.length}>
                <div className="op-table__state" role="alert">
                  {error}
                  {onRetry ? (
                    <button type="button" className="btn btn--secondary op-btn-sm" onClick={onRetry}>
                      Reintentar
                    </button>
                  ) : null}
                </div>
              </td>
            </tr>
          ) : !rows ? (
            <tr>
              <td colSpan={columns.length}>
                <div className="op-table__state" role="status">
                  <span className="op-spinner" aria-hidden="true" /> Cargando…
                </div>
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>
                <div className="op-table__state">{empty}</div>
              </td>
            </tr>
          ) : (
            rows.map((row, i) => (
              <tr key={rowKey(row, i)}>
                {columns.map((col) => (
                  <td key={col.key} className={col.numeric ? 'op-num' : undefined} data-label={col.header}>
                    {/* Stacked, the value is one box beside its column's name. */}
                    {layout === 'stack' ? <div>{col.render(row)}</div> : col.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
