interface Props {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What is counted, plural ("registros"). */
  noun?: string;
  /** The same, singular, for a total of one ("registro"). */
  one?: string;
}

/** Server-side pagination (decision 029): "1–25 de 240 registros", previous / next, page n of m. */
export function Pagination({ page, pageSize, total, onPage, noun = 'registros', one = 'registro' }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const count = new Intl.NumberFormat('es-CO');
  return (
    <nav className="op-pagination" aria-label="Paginación">
      <p className="op-muted" aria-live="polite">
        {total === 0
          ? `0 ${noun}`
          : `${count.format(first)}–${count.format(last)} de ${count.format(total)} ${total === 1 ? one : noun}`}
      </p>
      <div className="op-pagination__buttons">
        <button
          type="button"
          className="btn btn--secondary op-btn-sm"
          onClick={() => onPage(page - 1)}
          disabled={page <= 1}
        >
          Anterior
        </button>
        <span>
          Página {page} de {pages}
        </span>
        <button
          type="button"
          className="btn btn--secondary op-btn-sm"
          onClick={() => onPage(page + 1)}
          disabled={page >= pages}
        >
          Siguiente
        </button>
      </div>
    </nav>
  );
}
