import { Link } from 'react-router';
import type { Fine } from '@togo/domain/alerts/alerts.contract';
import { fineTypeLabel } from '@togo/domain/alerts/alerts.fines';
import { formatCop } from '@togo/domain/money';
import { FineState } from '../../../components/ui/FineState.tsx';
import { SimitPayLink } from '../../../components/ui/SimitPayLink.tsx';
import { NO_ESPECIFICADO, showDate } from '../alert-dates.ts';
import { PlusIcon } from './alert-icons.tsx';

/** One owed fine: type label, state, infraction date, amount, 'Pagar en SIMIT' and a plus link to its detail. */
export function FineRow({ fine, detailHref }: { fine: Fine; detailHref: string | null }) {
  const label = fineTypeLabel(fine.tipo) || NO_ESPECIFICADO;
  return (
    <li className="fine-row">
      <div className="fine-row__main">
        <span className="fine-row__title">
          <span className={`fine-row__type fine-row__type--${label === 'Multa' ? 'multa' : 'comparendo'}`}>
            {label}
          </span>
          <FineState estado={fine.estado} />
        </span>
        <span className="fine-row__date">
          <span className="visually-hidden">Fecha de la infracción: </span>
          {showDate(fine.fecha_infraccion)}
        </span>
        <SimitPayLink
          placa={fine.placa}
          numero={fine.numero}
          estado={fine.estado}
          className="fine-row__pay"
        />
      </div>
      <span className="fine-row__amount">
        <span className="visually-hidden">Valor: </span>
        {formatCop(fine.total)}
      </span>
      {detailHref ? (
        <Link
          to={detailHref}
          className="icon-button fine-row__more"
          aria-label={`Ver detalle del comparendo ${fine.numero ?? ''}`.trim()}
        >
          <PlusIcon />
        </Link>
      ) : null}
    </li>
  );
}
