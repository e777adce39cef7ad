import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BOOKING_MSG } from '@togo/domain/booking/booking.contract';
import type { Branch, TramiteOption } from '@togo/domain/booking/booking.contract';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { formatCop } from '@togo/domain/money';
import { bookTramites, paymentMethod } from '../api/book.ts';
import { fetchTramitesBranchDetail, type TramitesDetailParameters } from '../api/branch-detail.ts';
import { useTramites } from '../api/tramites.ts';
import { bookerIdentity } from '../booker-identity.ts';
import { navigationClave, TRAMITE_STEPS, tramiteBack, type TramiteStep } from '../booking-flows.ts';
import { NoVehicle } from '../components/NoVehicle.tsx';
import { WizardStep, type ScheduleState } from '../components/WizardStep.tsx';
import { TramitesIcon } from '../components/service-icons.tsx';
import { FLOW_KEYS, useFlowState } from '../flow-storage.ts';
import { useStepHistory } from '../step-history.ts';
import { readBookingVehicle, vehicleBrand } from '../selected-vehicle.ts';
import { useConfirmBooking } from '../use-confirm-booking.ts';
import { useDetailLoader } from '../use-detail-loader.ts';

interface TramiteState extends ScheduleState {
  step: TramiteStep;
  /** The chosen procedures (one booking can cover several). */
  selected: TramiteOption[];
  detail: TramitesDetailParameters | null;
}

const INITIAL: TramiteState = {
  step: 'tipo',
  selected: [],
  city: null,
  branch: null,
  detail: null,
  date: null,
  slots: null,
  time: null,
};

function isUsable(s: TramiteState): boolean {
  const at = TRAMITE_STEPS.indexOf(s.step);
  if (at < 0 || !Array.isArray(s.selected)) return false;
  if (at >= TRAMITE_STEPS.indexOf('detalle') && s.selected.length === 0) return false;
  if (at >= TRAMITE_STEPS.indexOf('agenda') && (!s.branch || !s.detail)) return false;
  if (at >= TRAMITE_STEPS.indexOf('horario') && (!s.date || !s.slots?.length)) return false;
  if (s.step === 'resumen' && !s.time) return false;
  return true;
}

const STEP_TITLES: Record<TramiteStep, string> = {
  tipo: 'Trámites',
  detalle: 'Detalle de los trámites',
  ubicacion: 'Elige la sede',
  agenda: 'Agenda tu cita',
  horario: 'Elige la hora',
  resumen: 'Resumen',
};

const total = (items: readonly { price: number }[]) => items.reduce((sum, item) => sum + item.price, 0);

/** app/servicios/tramite (SPPF §2, §4): tipo → detalle → ubicacion → agenda → horario → resumen. */
export function TramiteRoute() {
  const navigate = useNavigate();
  const dialog = useDialog();
  const [vehicle] = useState(readBookingVehicle);
  const { state, update, reset, forget } = useFlowState(FLOW_KEYS.tramite, INITIAL, isUsable);
  useStepHistory(
    state.step,
    TRAMITE_STEPS,
    (step) => update({ step }),
    (step) => isUsable({ ...state, step }),
  );
  const tramites = useTramites();
  const details = useDetailLoader();
  const location = useLocation();
  const clave = navigationClave(location.state);

  // Coming from an alerts service card ({ clave }, the procedure's id): a new selection with that procedure
  // checked, more can be added. The navigation state is consumed once the list has answered.
  useEffect(() => {
    if (!clave || !tramites.data) return;
    const option = tramites.data.find((item) => item.value === clave);
    if (option) update({ ...INITIAL, selected: [option] });
    void navigate(location.pathname, { replace: true, state: null });
  }, [clave, tramites.data, update, navigate, location.pathname]);

  const leave = (to = '/app/servicios') => {
    forget();
    void navigate(to, { replace: true });
  };

  /** The stored details of confirmacion-sede, sent again with the booking (SPPF §7). */
  const bookingDetails = () => ({
    placa: vehicle?.placa ?? '',
    ciudad: state.city?.value ?? '',
    sede: state.branch?.id ?? '',
    tramite: state.selected.map((item) => item.value),
    ...bookerIdentity(),
  });

  const confirm = useConfirmBooking({
    book: (mode, key) =>
      bookTramites(
        {
          ...bookingDetails(),
          fecha_agenda: state.date ?? '',
          franja: state.time ?? '',
          promocion: 'NO',
          metodo_pago: paymentMethod(mode),
        },
        key,
      ),
    // SPPF §8 'Tramites booking failure': '¡Ups!' / 'Ocurrió un error, intenta nuevamente'; the tramite screen.
    onFailure: async () => {
      await dialog.show({ variant: 'error', title: '¡Ups!', message: BOOKING_MSG.tramitesBookingError });
      reset();
    },
    onDone: forget,
  });

  const back = () => {
    const target = tramiteBack(state.step);
    if ('leave' in target) leave(target.leave);
    else update({ step: target.step });
  };

  if (!vehicle) return <NoVehicle title={STEP_TITLES.tipo} onBack={() => leave()} />;

  const toggle = (option: TramiteOption) => {
    const chosen = state.selected.some((item) => item.value === option.value);
    update({
      selected: chosen
        ? state.selected.filter((item) => item.value !== option.value)
        : [...state.selected, option],
    });
  };

  const chooseBranch = async (branch: Branch) => {
    const detail = await details.run(() =>
      fetchTramitesBranchDetail({
        placa: vehicle.placa,
        ciudad: state.city?.value ?? '',
        sede: branch.id,
        tramite: state.selected.map((item) => item.value),
        ...bookerIdentity(),
        from_flow: 'tramites',
      }),
    );
    if (detail) update({ branch, detail, step: 'agenda', date: null, slots: null, time: null });
  };

  const options = tramites.data ?? [];

  return (
    <WizardStep
      flow="tramites"
      steps={TRAMITE_STEPS}
      titles={STEP_TITLES}
      step={state.step}
      onBack={back}
      loading={details.loading || (state.step === 'tipo' && tramites.isLoading)}
      schedule={state}
      update={update}
      servicio={state.selected[0]?.value}
      onChooseBranch={(branch) => void chooseBranch(branch)}
      onSlotsError={reset}
      summary={
        state.branch && state.detail
          ? {
              address: state.branch.a_domicilio ? null : state.branch.direccion,
              branchName: state.branch.nombre,
              brand: vehicleBrand(vehicle),
              plate: vehicle.placa,
              service: 'Trámites',
              details: state.detail.tramites.map((line) => `${line.text} — ${formatCop(line.price)}`),
              amount: state.detail.price,
              provider: state.branch.nombre,
            }
          : null
      }
      confirm={confirm}
    >
      {state.step === 'tipo' ? (
        <>
          <p className="lead">
            Elige los trámites que necesitas. Una misma cita puede incluir varios trámites.
          </p>
          {tramites.isError ? (
            <p className="services__empty" role="alert">
              No pudimos cargar los trámites, intenta nuevamente.
            </p>
          ) : null}
          <ul className="tramite-list">
            {options.map((option) => {
              const chosen = state.selected.some((item) => item.value === option.value);
              return (
                <li key={option.value} className="choice-card">
                  {option.icon ? (
                    <img className="branch-card__image" src={option.icon} alt="" />
                  ) : (
                    <TramitesIcon />
                  )}
                  <span className="branch-card__body">
                    <span className="choice-card__title">{option.text}</span>
                    <span className="choice-card__text">{formatCop(option.price)}</span>
                  </span>
                  <button
                    type="button"
                    className={chosen ? 'btn btn--primary' : 'btn btn--secondary'}
                    aria-pressed={chosen}
                    // It adds the trámite to the list booked together (issue 36): 'Agregar', pressed once added;
                    // the name keeps the visible word (axe's label-content-name-mismatch).
                    aria-label={`Agregar ${option.text}`}
                    onClick={() => toggle(option)}
                  >
                    Agregar
                  </button>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="btn btn--primary btn--block"
            disabled={state.selected.length === 0}
            onClick={() => update({ step: 'detalle' })}
          >
            {state.selected.length
              ? `Continuar con ${state.selected.length} ${state.selected.length === 1 ? 'trámite' : 'trámites'}`
              : 'Elige al menos un trámite'}
          </button>
        </>
      ) : null}

      {state.step === 'detalle' ? (
        <>
          <section className="detail-card" aria-labelledby="tramites-detail-title">
            <h2 id="tramites-detail-title" className="detail-card__title">
              Tus trámites
            </h2>
            <ul className="detail-card__tasks">
              {state.selected.map((item) => (
                <li key={item.value}>
                  <strong>{item.text}</strong> — {formatCop(item.price)}
                  {item.description ? <p className="services__note">{item.description}</p> : null}
                </li>
              ))}
            </ul>
            <p className="detail-card__price">
              <span>Total</span> <strong>{formatCop(total(state.selected))}</strong>
            </p>
          </section>
          <button
            type="button"
            className="btn btn--primary btn--block"
            onClick={() => update({ step: 'ubicacion' })}
          >
            Confirmar
          </button>
        </>
      ) : null}
    </WizardStep>
  );
}
