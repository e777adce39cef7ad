import { groupThousands } from '@togo/domain/money';

export interface PagerProps {
  page: number;
  /** Total page count; 0 when there is nothing to page. */
  total: number;
  onPage: (page: number) => void;
  disabled?: boolean;
  label: string;
}

/** Clamps a page number to 1..total (SPPF §5: only pages 1 to the total page count). */
export function clampPage(page: number, total: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, total));
}

/** 'Anterior' / 'Siguiente' with the current page; neither goes past 1..total. */
export function Pager({ page, total, onPage, disabled = false, label }: PagerProps) {
  const last = Math.max(1, total);
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="btn btn--secondary pager__button"
        disabled={disabled || page <= 1}
        onClick={() => onPage(clampPage(page - 1, total))}
      >
        Anterior
      </button>
      <span className="pager__status" aria-live="polite">
        Página {groupThousands(Math.min(page, last))} de {groupThousands(last)}
      </span>
      <button
        type="button"
        className="btn btn--secondary pager__button"
        disabled={disabled || page >= last}
        onClick={() => onPage(clampPage(page + 1, total))}
      >
        Siguiente
      </button>
    </nav>
  );
}
