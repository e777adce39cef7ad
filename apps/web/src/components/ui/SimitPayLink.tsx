import { isUnpaidFine, simitPaymentUrl } from '@togo/domain/garage/fine-states';

export interface SimitPayLinkProps {
  /** The fine's plate: the page opens its search on it. */
  placa?: string | null;
  /** The fine's number, named in the link's accessible name (the page cannot take it; decision 073). */
  numero?: string | null;
  /** The fine's state: a paid or annulled fine gets no link. */
  estado?: string | null;
  className?: string;
}

/**
 * 'Pagar en SIMIT': SIMIT's official account page (fcm.org.co) in a new tab, on the fine's plate. Shown only for
 * an owed fine (every unpaid state, decision 071).
 */
export function SimitPayLink({ placa, numero, estado, className = 'btn btn--primary' }: SimitPayLinkProps) {
  if (estado !== undefined && !isUnpaidFine(estado)) return null;
  const what = numero ? ` el comparendo ${numero}` : '';
  return (
    <a
      href={simitPaymentUrl(placa)}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      aria-label={`Pagar en SIMIT${what} (se abre en una pestaña nueva)`}
    >
      Pagar en SIMIT
    </a>
  );
}
