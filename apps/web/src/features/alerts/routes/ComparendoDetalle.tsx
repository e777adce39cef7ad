import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { fineTypeLabel, formatCop } from '@togo/domain/alerts/alerts.fines';
import { NO_ESPECIFICADO, orMissing, showDate } from '../alert-dates.ts';
import { useAlertsNav } from '../alerts-nav.ts';
import { readFinesInfo, readSelectedVehicle } from '../alerts-storage.ts';
import { AlertScreen } from '../components/AlertScreen.tsx';
import { currentFines } from '../fines.ts';

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase('es-CO') + text.slice(1);

/** /app/alerts/comparendos-detalle/{numero}: one current fine (AHGA §2). */
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
      console.error(`El comparendo ${numero} no está entre los comparendos vigentes guardados.`);
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
            <span className="status-chip status-chip--soon">
              {capitalize(orMissing(fine.estado, NO_ESPECIFICADO))}
            </span>
          </div>
          <p className="fine-detail__amount">{formatCop(fine.total)}</p>
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
              <dd>{capitalize(orMissing(fine.estado, NO_ESPECIFICADO))}</dd>
            </div>
            <div className="facts__row facts__row--block">
              <dt>Descripción</dt>
              <dd>{orMissing(fine.descripcion, NO_ESPECIFICADO)}</dd>
            </div>
          </dl>
        </section>
      ) : null}
    </AlertScreen>
  );
}
