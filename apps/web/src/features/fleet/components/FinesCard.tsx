import { useId, useState } from 'react';
import type { Fine } from '@togo/domain/garage/registry.contract';
import { fineTypeLabel } from '@togo/domain/alerts/alerts.fines';
import { formatCop } from '@togo/domain/money';
import { FLEET_FINES_SHOWN } from '@togo/domain/fleet/fleet.contract';
import { FineState } from '../../../components/ui/FineState.tsx';
import { SimitPayLink } from '../../../components/ui/SimitPayLink.tsx';
import { NO_ESPECIFICADO, showDay } from '../fleet-detail.ts';

export interface FinesCardProps {
  title: string;
  fines: readonly Fine[];
  /** The fines look-up has not answered yet. */
  pending?: boolean;
  empty: string;
}

/**
 * Owed fines (every unpaid state, each labelled; decision 071; SPPF §2 listed 'vigente' only): the first three, then 'Ver más' shows all and 'Ver menos' folds them back (§9).
 * Type labels follow SPPF §9: 'Comparendo - …' reads 'Comparendo', 'MULTA DE TRÁNSITO' reads 'Multa'.
 */
export function FinesCard({ title, fines, pending = false, empty }: FinesCardProps) {
  const titleId = useId();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? fines : fines.slice(0, FLEET_FINES_SHOWN);
  const total = fines.reduce((sum, fine) => sum + fine.total, 0);

  return (
    <section className="fleet-card fleet-fines" aria-labelledby={titleId}>
      <header className="fleet-fines__head">
        <h2 id={titleId} className="fleet-card__title">
          {title}
        </h2>
        {fines.length > 0 ? (
          <span className="fleet-fines__total">
            {fines.length} · {formatCop(total)}
          </span>
        ) : null}
      </header>
      {pending ? (
        <p className="fleet-card__muted" role="status">
          Consultando multas...
        </p>
      ) : fines.length === 0 ? (
        <p className="fleet-card__muted">{empty}</p>
      ) : (
        <>
          <ul id={listId} className="fleet-fines__list">
            {shown.map((fine, index) => {
              const label = fineTypeLabel(fine.tipo) || NO_ESPECIFICADO;
              return (
                <li key={`${fine.numero}-${index}`} className="fleet-fine">
                  <span
                    className={`fleet-fine__type fleet-fine__type--${label === 'Multa' ? 'multa' : 'comparendo'}`}
                  >
                    {label}
                  </span>
                  <FineState estado={fine.estado} />
                  <span className="fleet-fine__date">
                    <span className="visually-hidden">Fecha de la infracción: </span>
                    {showDay(fine.fecha_infraccion, NO_ESPECIFICADO)}
                  </span>
                  <span className="fleet-fine__number">{fine.numero}</span>
                  <span className="fleet-fine__amount">
                    <span className="visually-hidden">Valor: </span>
                    {formatCop(fine.total)}
                  </span>
                  <SimitPayLink
                    placa={fine.placa}
                    numero={fine.numero}
                    estado={fine.estado}
                    className="fleet-fine__pay"
                  />
                </li>
              );
            })}
          </ul>
          {fines.length > FLEET_FINES_SHOWN ? (
            <button
              type="button"
              className="fleet-link-button"
              aria-expanded={expanded}
              aria-controls={listId}
              onClick={() => setExpanded((open) => !open)}
            >
              {expanded ? 'Ver menos' : 'Ver más'}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
