import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BOOKING_MSG } from '@togo/domain/booking/booking.contract';
import { vehicleClassLabel } from '@togo/domain/labels';
import type { Branch, BranchDetailParameters } from '@togo/domain/booking/booking.contract';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { formatDate } from '../../../lib/formatters.ts';
import { AGENDAR_RTM, type RtmBookingVehicle } from '../../../lib/rtm-booking.ts';
import { isRtmBookingVehicle, navigationBookingVehicle } from '../booking-vehicle.ts';
import { fetchRtmBranchDetail } from '../api/branch-detail.ts';
import { bookRtm, paymentMethod } from '../api/book.ts';
import { useRtmAlert } from '../api/rtm-alert.ts';
import { navigationClave, RTM_STEPS, rtmBack, type RtmStep } from '../booking-flows.ts';
import { BranchDetailCard } from '../components/BranchDetailCard.tsx';
import { NoVehicle } from '../components/NoVehicle.tsx';
import { WizardStep, type ScheduleState } from '../components/WizardStep.tsx';
import { FLOW_KEYS, useFlowState } from '../flow-storage.ts';
import { useStepHistory } from '../step-history.ts';
import { readBookingVehicle, vehicleBrand, vehicleCity, type BookingVehicle } from '../selected-vehicle.ts';
import { useConfirmBooking } from '../use-confirm-booking.ts';
import { useDetailLoader } from '../use-detail-loader.ts';

export const RTM_UPDATING_TITLE = '¡Estamos actualizando tu información!';
export const RTM_UPDATING_TEXT = 'Por favor verifica en unos minutos';

interface RtmState extends ScheduleState {
  step: RtmStep;
  detail: BranchDetailParameters | null;
  /** A company's vehicle booked from the fleet console; null = the driver's selected vehicle. */
  vehicle: RtmBookingVehicle | null;
}

const INITIAL: RtmState = {
  step: 'info',
  city: null,
  branch: null,
  detail: null,
  date: null,
  slots: null,
  time: null,
  vehicle: null,
};

/** A stored state is usable when every step it reached has what it needs. */
function isUsable(s: RtmState): boolean {
  const at = RTM_STEPS.indexOf(s.step);
  if (at < 0) return false;
  if (s.vehicle !== null && !isRtmBookingVehicle(s.vehicle)) return false;
  if (at >= RTM_STEPS.indexOf('detalle') && (!s.branch || !s.detail)) return false;
  if (at >= RTM_STEPS.indexOf('horario') && (!s.date || !s.slots?.length)) return false;
  if (s.step === 'resumen' && !s.time) return false;
  return true;
}

const STEP_TITLES: Record<RtmStep, string> = {
  info: 'Revisión técnico-mecánica',
  ubicacion: 'Elige la sede',
  detalle: 'Detalle de la sede',
  agenda: 'Agenda tu cita',
  horario: 'Elige la hora',
  resumen: 'Resumen',
};

/** app/servicios/rtm (SPPF §2, §4): info → ubicacion → detalle → agenda → horario → resumen. */
export function RtmRoute() {
  const navigate = useNavigate();
  const dialog = useDialog();
  const [selected] = useState(readBookingVehicle);
  const { state, update, reset, forget } = useFlowState(FLOW_KEYS.rtm, INITIAL, isUsable);
  const location = useLocation();
  const fromAlert = navigationClave(location.state) === AGENDAR_RTM;
  // 'Agendar' of a company's vehicle (fleet): that vehicle is carried in the flow's state, never stored as the
  // driver's selected vehicle; otherwise the flow books the selected vehicle.
  const [opened] = useState(() => (fromAlert ? navigationBookingVehicle(location.state) : null));
  const vehicle: BookingVehicle | null = fromAlert ? (opened ?? selected) : (state.vehicle ?? selected);
  useStepHistory(
    state.step,
    RTM_STEPS,
    (step) => update({ step }),
    (step) => isUsable({ ...state, step }),
    fromAlert ? 'ubicacion' : undefined,
  );
  const details = useDetailLoader();
  // 'Agendar RTM' from an alert, a notification or the fleet ({ clave: 'AGENDAR_RTM', vehiculo? }): the vehicle
  // is the one given or the selected one and its city is chosen, so the flow opens at the branch list. The
  // navigation state is consumed once.
  useLayoutEffect(() => {
    if (fromAlert) update({ ...INITIAL, step: 'ubicacion', city: vehicleCity(vehicle), vehicle: opened });
  }, [fromAlert, update, vehicle, opened]);
  useEffect(() => {
    if (fromAlert) void navigate(location.pathname, { replace: true, state: null });
  }, [fromAlert, navigate, location.pathname]);
  // The driver's RTM alert, for the first step; a company's vehicle brings the fleet's due date instead.
  const askAlert = state.step === 'info' && !fromAlert && state.vehicle === null;
  const alert = useRtmAlert(askAlert ? (vehicle?.id ?? null) : null);
  const handledAlert = useRef<unknown>(null);

  /** Back to the first step with nothing chosen, for the same vehicle. */
  const restart = () => {
    const kept = state.vehicle;
    reset();
    if (kept) update({ vehicle: kept });
  };

  const leave = (to = '/app/servicios') => {
    forget();
    void navigate(to, { replace: true });
  };

  // SPPF §8 'RTM alert empty': info, then app/servicios.
  useEffect(() => {
    const answer = alert.data;
    if (!answer?.empty || handledAlert.current === answer) return;
    handledAlert.current = answer;
    void dialog
      .show({ variant: 'info', title: RTM_UPDATING_TITLE, message: RTM_UPDATING_TEXT })
      .then(() => leave());
    // `leave` only resets the flow and navigates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [alert.data, dialog]);

  const confirm = useConfirmBooking({
    book: (mode, key) =>
      bookRtm(
        {
          sede: state.branch?.id ?? '',
          placa: vehicle?.placa ?? '',
          ciudad: state.city?.value,
          fecha_agenda: state.date ?? '',
          franja: state.time ?? '',
          promocion: 'NO',
          metodo_pago: paymentMethod(mode),
        },
        key,
      ),
    // SPPF §8 'RTM scheduling error': '¡Ups!' / 'Ocurrió un error, intenta nuevamente'; back to the service page.
    onFailure: async () => {
      await dialog.show({ variant: 'error', title: '¡Ups!', message: BOOKING_MSG.rtmBookingError });
      restart();
    },
    onDone: () => {
      forget();
    },
  });

  const back = () => {
    const target = rtmBack(state.step);
    if ('leave' in target) leave(target.leave);
    else update({ step: target.step });
  };

  if (!vehicle) return <NoVehicle title={STEP_TITLES.info} onBack={() => leave()} />;

  const chooseBranch = async (branch: Branch) => {
    const detail = await details.run(() =>
      fetchRtmBranchDetail({ sede: branch.id, placa: vehicle.placa, ciudad: state.city?.value }),
    );
    if (detail) update({ branch, detail, step: 'detalle', date: null, slots: null, time: null });
  };

  const due = state.vehicle
    ? (state.vehicle.rtm_vence ?? null)
    : alert.data && !alert.data.empty
      ? alert.data.data.fecha_vencimiento
      : null;

  return (
    <WizardStep
      flow="rtm"
      steps={RTM_STEPS}
      titles={STEP_TITLES}
      step={state.step}
      onBack={back}
      loading={details.loading || (state.step === 'info' && alert.isLoading)}
      schedule={state}
      update={update}
      onChooseBranch={(branch) => void chooseBranch(branch)}
      onSlotsError={restart}
      summary={
        state.branch && state.detail
          ? {
              address: state.branch.direccion,
              branchName: state.branch.nombre,
              brand: vehicleBrand(vehicle),
              plate: vehicle.placa,
              service: 'Revisión técnico-mecánica',
              amount: state.detail.price,
            }
          : null
      }
      confirm={confirm}
    >
      {state.step === 'info' ? (
        <section className="info-card" aria-labelledby="rtm-info-title">
          <h2 id="rtm-info-title" className="info-card__title">
            Agenda tu revisión técnico-mecánica
          </h2>
          <p className="lead">
            Elige la sede, el día y la hora para {state.vehicle ? 'el vehículo de la empresa' : 'tu vehículo'}{' '}
            <strong>{vehicle.placa}</strong>, y paga en línea o en el sitio.
          </p>
          {due ? (
            <p className="info-card__fact">
              {state.vehicle ? 'Su revisión' : 'Tu revisión'} vence el <strong>{formatDate(due)}</strong>.
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn--primary btn--block"
            onClick={() => update({ step: 'ubicacion', city: state.city ?? vehicleCity(vehicle) })}
          >
            Agendar RTM
          </button>
        </section>
      ) : null}

      {state.step === 'detalle' && state.branch && state.detail ? (
        <>
          <BranchDetailCard
            name={state.branch.nombre}
            address={state.branch.direccion}
            phone={state.branch.telefono}
            maps={state.branch.maps}
            image={state.branch.imagen}
            price={state.detail.price}
          >
            <p className="detail-card__line">
              Vehículo: {state.detail.placa} · {vehicleClassLabel(state.detail.tipo_vehiculo)}
            </p>
          </BranchDetailCard>
          <button
            type="button"
            className="btn btn--primary btn--block"
            onClick={() => update({ step: 'agenda' })}
          >
            Continuar
          </button>
        </>
      ) : null}
    </WizardStep>
  );
}
