import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatCop } from '@togo/domain/money';
import { SimitPayLink } from '../../../components/ui/SimitPayLink.tsx';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { RefreshStatus } from '../../../components/vehicle-refresh/RefreshStatus.tsx';
import { alertLabel } from '../alerts-menu.ts';
import { useAlertsNav } from '../alerts-nav.ts';
import { readSelectedVehicle, storeFinesInfo } from '../alerts-storage.ts';
import { useAlertQuery } from '../api/get-alert.ts';
import { InfraccionesIcon } from '../components/alert-icons.tsx';
import { AlertScreen, NoVehicleNotice } from '../components/AlertScreen.tsx';
import {
  currentFines,
  finesByStateText,
  finesCheck,
  finesTotal,
  FINES_UPDATING_MESSAGE,
  NO_FINES_MESSAGE,
} from '../fines.ts';

/**
 * /app/alerts/infracciones — the traffic-fines check (AHGA §4): empty → info and back to the alerts list;
 * a count → the result is stored as infoInfracciones and the total of current fines is shown; none →
 * 'Felicitaciones, no tienes comparendos pendientes' and back to the list. A failed read is only logged
 * and also returns to the list.
 */
export function InfraccionesRoute() {
  const nav = useAlertsNav();
  const navigate = useNavigate();
  const dialog = useDialog();
  const [vehicle] = useState(readSelectedVehicle);
  const vehicleId = vehicle?.id ?? null;
  const query = useAlertQuery('INFRACCION_TRANSITO', vehicleId);
  const handled = useRef<unknown>(null);
  const answer = query.data;
  const outcome = answer ? finesCheck(answer) : null;

  useEffect(() => {
    if (query.isError && handled.current !== query.error) {
      handled.current = query.error;
      void navigate(nav.list);
      return;
    }
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    const check = finesCheck(answer);
    if (check === 'pending') {
      storeFinesInfo(answer);
    } else if (check === 'updating') {
      void dialog.show({ variant: 'info', message: FINES_UPDATING_MESSAGE }).then(() => navigate(nav.list));
    } else {
      void dialog
        .show({ variant: 'success', title: '¡Felicitaciones!', message: NO_FINES_MESSAGE })
        .then(() => navigate(nav.list));
    }
  }, [answer, query.isError, query.error, dialog, navigate, nav.list]);

  const title = alertLabel('infracciones');
  if (!vehicle || vehicleId === null) {
    return (
      <AlertScreen title={title} back={nav.list}>
        <NoVehicleNotice />
      </AlertScreen>
    );
  }

  const fines = currentFines(answer ?? null);
  return (
    <AlertScreen
      title={title}
      back={nav.list}
      loading={query.isLoading}
      demo={outcome === 'pending' && vehicle.demo === true}
    >
      {outcome === 'pending' && answer ? (
        <>
          <section className="alert-card fines-summary" aria-labelledby="fines-summary-title">
            <span className="fines-summary__icon">
              <InfraccionesIcon />
            </span>
            <h2 id="fines-summary-title" className="fines-summary__title">
              Tienes Multas pendientes
            </h2>
            <p className="fines-summary__label">Total por pagar</p>
            <p className="fines-summary__total">{formatCop(finesTotal(fines))}</p>
            <p className="fines-summary__count">
              {answer.data.cant_comparendos_vehiculo === 1
                ? '1 comparendo por pagar'
                : `${answer.data.cant_comparendos_vehiculo} comparendos por pagar`}
              {vehicle.placa ? ` · Placa ${vehicle.placa}` : ''}
            </p>
            <p className="fines-summary__states">{finesByStateText(fines)}</p>
          </section>
          <RefreshStatus scope="garage" vehicleId={vehicleId} kind="multas" />
          <div className="alerts__actions">
            <Link to={nav.to('comparendos')} className="btn btn--primary btn--block">
              Consulta tus comparendos
            </Link>
            <SimitPayLink placa={vehicle.placa} className="btn btn--secondary btn--block" />
          </div>
        </>
      ) : null}
    </AlertScreen>
  );
}
