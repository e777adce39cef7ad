import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Fine } from '@togo/domain/alerts/alerts.contract';
import { fineTypeLabel } from '@togo/domain/alerts/alerts.fines';
import { formatCop } from '@togo/domain/money';
import { fineStateLabel } from '@togo/domain/garage/fine-states';
import { FineState } from '../../../components/ui/FineState.tsx';
import { SimitPayLink } from '../../../components/ui/SimitPayLink.tsx';
import { NO_ESPECIFICADO, orMissing, showDate } from '../alert-dates.ts';
import { useAlertsNav } from '../alerts-nav.ts';
import { readFinesInfo, readSelectedVehicle } from '../alerts-storage.ts';
import { AlertScreen } from '../components/AlertScreen.tsx';
import { currentFines } from '../fines.ts';

/** '50 % hasta el 24-11-2026, con el curso pedagógico' (only where the provider gives a discount). */
function discountText(discount: NonNullable<Fine['descuento']>): string {
  const course = discount.requiere_curso ? ', con el curso pedagógico' : '';
  return `${discount.porcentaje} % si pagas hasta el ${showDate(discount.fecha_limite)}${course}`;
}

/**
 * /app/alerts/comparendos-detalle/{numero}: one owed fine (AHGA §2) with its transit office, discount deadline
 * and course where the provider gives them, and 'Pagar en SIMIT' (decision 073).
 */
export function ComparendoDetalleRoute() {
  const nav = useAlertsNav();
  const navigate = useNavigate();
  const { numero = '' } = useParams();
  const [info] = useState(readFinesInfo);
  const [vehicle] = useState(readSelectedVehicle);
  const fine = currentFines(info).find((item) => item.numero === numero) ?? null;

  useEffect(() => {
    if (fine) return;
    if (!info) {
      console.error('No hay información de comparendos guardada (infoInfracciones).'); // AHGA §8
      void navigate(nav.list, { replace: true });
    } else {
      console.error(`El comparendo ${numero} no está entre los comparendos por pagar guardados.`);
      void navigate(nav.to('comparendos'), { replace: true });
    }
  }, [fine, info, numero, navigate, nav]);

  return (
    <AlertScreen title="Detalle del comparendo" back={nav.to('comparendos')} demo={vehicle?.demo === true}>
      {fine ? (
        <section className="alert-card fine-detail" aria-labelledby="fine-detail-title">
          <div className="fine-detail__head">
            <h2 id="fine-detail-title" className="alert-card__title">
              {fineTypeLabel(fine.tipo) || 'Comparendo'}
            </h2>
            <FineState estado={fine.estado} />
          </div>
          <p className="fine-detail__amount">{formatCop(fine.total)}</p>
          {fine.descuento ? (
            <p className="fine-detail__discount">
              <strong>Descuento:</strong> {discountText(fine.descuento)}.
            </p>
          ) : null}
          <dl className="facts">
            <div className="facts__row">
              <dt>Categoría</dt>
              <dd>{orMissing(fine.categoria, NO_ESPECIFICADO)}</dd>
            </div>
            <div className="facts__row">
              <dt>Fecha</dt>
              <dd>{fine.fecha_infraccion ? showDate(fine.fecha_infraccion) : NO_ESPECIFICADO}</dd>
            </div>
            <div className="facts__row">
              <dt>Valor</dt>
              <dd>{formatCop(fine.total)}</dd>
            </div>
            <div className="facts__row">
              <dt>Placa</dt>
              <dd>{orMissing(fine.placa, NO_ESPECIFICADO)}</dd>
            </div>
            <div className="facts__row">
              <dt>Infractor</dt>
              <dd>{orMissing(fine.infractor, NO_ESPECIFICADO)}</dd>
            </div>
            <div className="facts__row facts__row--block">
              <dt>Número de comparendo</dt>
              <dd className="facts__mono">{orMissing(fine.numero, NO_ESPECIFICADO)}</dd>
            </div>
            <div className="facts__row">
              <dt>Estado</dt>
              <dd>{fineStateLabel(fine.estado)}</dd>
            </div>
            <div className="facts__row facts__row--block">
              <dt>Organismo de tránsito</dt>
              <dd>{orMissing(fine.organismo_transito, NO_ESPECIFICADO)}</dd>
            </div>
            {fine.fecha_resolucion ? (
              <div className="facts__row">
                <dt>Fecha de la resolución</dt>
                <dd>{showDate(fine.fecha_resolucion)}</dd>
              </div>
            ) : null}
            {fine.curso ? (
              <div className="facts__row facts__row--block">
                <dt>Curso pedagógico</dt>
                <dd>
                  {fine.curso.estado}, {showDate(fine.curso.fecha)} ({fine.curso.centro})
                </dd>
              </div>
            ) : null}
            <div className="facts__row facts__row--block">
              <dt>Descripción</dt>
              <dd>{orMissing(fine.descripcion, NO_ESPECIFICADO)}</dd>
            </div>
          </dl>
          <div className="fine-detail__pay">
            <SimitPayLink
              placa={fine.placa}
              numero={fine.numero}
              estado={fine.estado}
              className="btn btn--primary btn--block"
            />
            <p className="fine-detail__pay-note">
              Se abre la página oficial del SIMIT. Busca allí tu comparendo con su número
              {fine.numero ? ` (${fine.numero})` : ''}, tu placa o tu documento.
            </p>
          </div>
        </section>
      ) : null}
    </AlertScreen>
  );
}
