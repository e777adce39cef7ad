import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatCop } from '@togo/domain/money';
import { useAlertsNav } from '../alerts-nav.ts';
import { readFinesInfo, readSelectedVehicle } from '../alerts-storage.ts';
import { RefreshStatus } from '../../../components/vehicle-refresh/RefreshStatus.tsx';
import { AlertScreen } from '../components/AlertScreen.tsx';
import { FineRow } from '../components/FineRow.tsx';
import { currentFines, finesTotal } from '../fines.ts';

/** /app/alerts/comparendos: the owed fines stored by the fines check (AHGA §2), each with its state. */
export function ComparendosRoute() {
  const nav = useAlertsNav();
  const navigate = useNavigate();
  const [info] = useState(readFinesInfo);
  const [vehicle] = useState(readSelectedVehicle);

  useEffect(() => {
    if (info) return;
    console.error('No hay información de comparendos guardada (infoInfracciones).'); // AHGA §8: only logged
    void navigate(nav.list, { replace: true });
  }, [info, navigate, nav.list]);

  const fines = currentFines(info);
  return (
    <AlertScreen title="Comparendos" back={nav.to('infracciones')} demo={vehicle?.demo === true}>
      {info ? (
        <section className="alert-card" aria-labelledby="fines-list-title">
          <div className="fines-list__head">
            <h2 id="fines-list-title" className="alert-card__title">
              Comparendos por pagar
            </h2>
            <span className="fines-list__total">{formatCop(finesTotal(fines))}</span>
          </div>
          {fines.length === 0 ? (
            <p className="alert-card__text">No tienes comparendos por pagar.</p>
          ) : (
            <ul className="fines-list">
              {fines.map((fine, index) => (
                <FineRow
                  key={fine.numero ?? `fine-${index}`}
                  fine={fine}
                  detailHref={
                    fine.numero ? nav.to(`comparendos-detalle/${encodeURIComponent(fine.numero)}`) : null
                  }
                />
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {info && vehicle ? <RefreshStatus scope="garage" vehicleId={vehicle.id} kind="multas" /> : null}
    </AlertScreen>
  );
}
