import { useEffect, useLayoutEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type {
  Branch,
  BranchDetailParameters,
  CityOption,
  Combo,
  PeritajeFuel,
  PeritajeGroup,
} from '@togo/domain/booking/booking.contract';
import { attentionType, peritajeClassAndFuel } from '@togo/domain/booking/booking.rules';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { bookPeritaje, paymentMethod } from '../api/book.ts';
import { fetchPeritajeBranchDetail } from '../api/branch-detail.ts';
import { fetchBranches } from '../api/branches.ts';
import { useCombos } from '../api/combos.ts';
import {
  PERITAJE_STEPS,
  peritajeAfterDetail,
  peritajeBack,
  peritajeGroupForClave,
  type PeritajeStep,
} from '../booking-flows.ts';
import { NoVehicle } from '../components/NoVehicle.tsx';
import {
  PeritajeComboDetail,
  PeritajeCombosStep,
  PeritajeFuelStep,
  PeritajeGroupStep,
} from '../components/PeritajeChoiceSteps.tsx';
import { PeritajeForm } from '../components/PeritajeForm.tsx';
import { WizardStep, type ScheduleState } from '../components/WizardStep.tsx';
import { FLOW_KEYS, useFlowState } from '../flow-storage.ts';
import { useStepHistory } from '../step-history.ts';
import type { PeritajeFormData, PeritajeFormValues } from '../peritaje-form-schema.ts';
import { readBookingVehicle, vehicleBrand } from '../selected-vehicle.ts';
import { serverMessage } from '../server-message.ts';
import { useConfirmBooking } from '../use-confirm-booking.ts';
import { useDetailLoader } from '../use-detail-loader.ts';

/** Home service is offered in Bogotá only (DANE code of the city option). */
export const HOME_SERVICE_CITY = { text: 'Bogotá D.C.', value: '11001' } as const;

interface PeritajeState extends ScheduleState {
  step: PeritajeStep;
  group: PeritajeGroup | null;
  fuel: PeritajeFuel | null;
  values: PeritajeFormValues | null;
  form: PeritajeFormData | null;
  combo: Combo | null;
  detail: BranchDetailParameters | null;
}

const INITIAL: PeritajeState = {
  step: 'servicio',
  group: null,
  fuel: null,
  values: null,
  form: null,
  combo: null,
  city: null,
  branch: null,
  detail: null,
  date: null,
  slots: null,
  time: null,
};

const at = (step: PeritajeStep) => PERITAJE_STEPS.indexOf(step);

function isUsable(s: PeritajeState): boolean {
  const i = at(s.step);
  if (i < 0) return false;
  if (i >= at('combustible') && !s.group) return false;
  if (i >= at('formulario') && !s.fuel) return false;
  if (i >= at('combos') && !s.form) return false;
  if (i >= at('detalle') && !s.combo) return false;
  if (i >= at('agenda') && (!s.branch || !s.detail)) return false;
  if (i >= at('horario') && (!s.date || !s.slots?.length)) return false;
  if (s.step === 'resumen' && !s.time) return false;
  return true;
}

const STEP_TITLES: Record<PeritajeStep, string> = {
  servicio: 'Peritaje',
  combustible: 'Tipo de vehículo',
  formulario: 'Tus datos',
  combos: 'Elige tu combo',
  detalle: 'Detalle del combo',
  ubicacion: 'Elige la sede',
  agenda: 'Agenda tu cita',
  horario: 'Elige la hora',
  resumen: 'Resumen',
};

/**
 * app/servicios/peritaje (SPPF §2, §4): servicio → combustible → formulario → combos → detalle → ubicacion →
 * agenda → horario → resumen; home service ('A Domicilio') skips the branch choice.
 */
export function PeritajeRoute() {
  const navigate = useNavigate();
  const dialog = useDialog();
  const [vehicle] = useState(readBookingVehicle);
  const { state, update, reset, forget } = useFlowState(FLOW_KEYS.peritaje, INITIAL, isUsable);
  useStepHistory(
    state.step,
    PERITAJE_STEPS,
    (step) => update({ step }),
    (step) => isUsable({ ...state, step }),
  );
  const location = useLocation();
  const preset = peritajeGroupForClave(location.state);

  // Coming from an alerts service card ({ clave }): that peritaje is already chosen, start at the fuel step
  // (before the first paint). The navigation state is then consumed, so a reload or a later visit starts where
  // the flow really is — in an effect: the router listens for it only once its own layout effects have run.
  useLayoutEffect(() => {
    if (preset) update({ ...INITIAL, group: preset, step: 'combustible' });
  }, [preset, update]);
  useEffect(() => {
    if (preset) void navigate(location.pathname, { replace: true, state: null });
  }, [preset, navigate, location.pathname]);
  const home = state.group === 'A Domicilio';
  const combos = useCombos(state.step === 'combos' ? state.group : null, state.fuel);
  const details = useDetailLoader();

  const leave = (to = '/app/servicios') => {
    forget();
    void navigate(to, { replace: true });
  };

  const classFuel = () => (state.group && state.fuel ? peritajeClassAndFuel(state.group, state.fuel) : null);

  const confirm = useConfirmBooking({
    book: (mode, key) => {
      const mapped = classFuel();
      return bookPeritaje(
        {
          sede: state.branch?.id ?? '',
          placa: state.form?.placa ?? '',
          combo: state.combo?.id ?? '',
          tipo_atencion: state.group ? attentionType(state.group) : 'presencial',
          ...(mapped ? { clase: mapped.clase, combustible: mapped.combustible } : {}),
          ciudad: state.city?.value ?? (home ? HOME_SERVICE_CITY.value : undefined),
          direccion: state.branch?.direccion,
          telefono: state.branch?.telefono,
          maps: state.branch?.maps,
          recibir_resultado: state.form?.recibirPorCorreo ? 'true' : 'false',
          correo_resultado: state.form?.correo ?? null,
          nombre_resultado: state.form?.nombre ?? '',
          direccion_servicio: home ? (state.form?.direccion ?? null) : null,
          fecha_agenda: state.date ?? '',
          franja: state.time ?? '',
          promocion: 'NO',
          metodo_pago: paymentMethod(mode),
        },
        key,
      );
    },
    // SPPF §8 'Peritaje booking failure': '¡Ups!' with the server's message; the peritaje screen.
    onFailure: async (error) => {
      await dialog.show({
        variant: 'warning',
        title: '¡Ups!',
        message: serverMessage(error, 'Ocurrió un error, intenta nuevamente'),
      });
      reset();
    },
    onDone: forget,
  });

  const back = () => {
    const target = peritajeBack(state.step, home);
    if ('leave' in target) leave(target.leave);
    else update({ step: target.step });
  };

  if (!vehicle) return <NoVehicle title={STEP_TITLES.servicio} onBack={() => leave()} />;

  const loadDetail = async (branch: Branch, city: CityOption) => {
    const mapped = classFuel();
    const detail = await details.run(() =>
      fetchPeritajeBranchDetail({
        sede: branch.id,
        placa: state.form?.placa ?? vehicle.placa,
        combo: state.combo?.id ?? '',
        tipo_atencion: home ? 'a_domicilio' : 'presencial',
        ...(mapped ? { clase: mapped.clase, combustible: mapped.combustible } : {}),
        ciudad: city.value,
      }),
    );
    if (detail) update({ branch, city, detail, step: 'agenda', date: null, slots: null, time: null });
  };

  /** Home service: the home pseudo-branch of Bogotá stands for the branch. */
  const scheduleAtHome = async () => {
    let branch: Branch | undefined;
    try {
      branch = (await fetchBranches('peritaje', HOME_SERVICE_CITY.value)).find((b) => b.a_domicilio);
    } catch (error) {
      console.error('Sede a domicilio', error);
    }
    if (!branch) {
      await dialog.show({
        variant: 'warning',
        message: 'El servicio a domicilio no está disponible en este momento, intenta más tarde.',
      });
      return;
    }
    await loadDetail(branch, HOME_SERVICE_CITY);
  };

  const comboList = combos.data ?? [];

  return (
    <WizardStep
      flow="peritaje"
      steps={PERITAJE_STEPS}
      titles={STEP_TITLES}
      step={state.step}
      onBack={back}
      loading={details.loading || (state.step === 'combos' && combos.isLoading)}
      schedule={state}
      update={update}
      servicio={state.combo?.id}
      onChooseBranch={(branch) => {
        if (state.city) void loadDetail(branch, state.city);
      }}
      onSlotsError={reset}
      summary={
        state.branch && state.detail && state.combo && state.form
          ? {
              address: home ? null : state.branch.direccion,
              branchName: home ? null : state.branch.nombre,
              brand: vehicleBrand(vehicle),
              plate: state.form.placa,
              service: `Peritaje ${state.combo.short_name}`,
              details:
                home && state.form.direccion ? [`Dirección del servicio: ${state.form.direccion}`] : [],
              amount: state.detail.price,
              provider: state.combo.sede,
            }
          : null
      }
      confirm={confirm}
    >
      {state.step === 'servicio' ? (
        <PeritajeGroupStep
          selected={state.group}
          onPick={(group) =>
            update({
              group,
              fuel: state.group === group ? state.fuel : null,
              combo: null,
              step: 'combustible',
            })
          }
        />
      ) : null}

      {state.step === 'combustible' && state.group ? (
        <PeritajeFuelStep
          group={state.group}
          selected={state.fuel}
          onPick={(fuel) => update({ fuel, combo: null, step: 'formulario' })}
        />
      ) : null}

      {state.step === 'formulario' ? (
        <PeritajeForm
          home={home}
          initial={
            state.values ?? {
              placa: vehicle.placa,
              recibirPorCorreo: 'no',
              correo: '',
              nombre: '',
              direccion: '',
            }
          }
          onSubmit={(form, values) => update({ form, values, step: 'combos' })}
        />
      ) : null}

      {state.step === 'combos' ? (
        <PeritajeCombosStep
          combos={comboList}
          isSuccess={combos.isSuccess}
          isError={combos.isError}
          onPick={(combo) => update({ combo, step: 'detalle' })}
        />
      ) : null}

      {state.step === 'detalle' && state.combo ? (
        <PeritajeComboDetail
          combo={state.combo}
          onSchedule={() => {
            if (peritajeAfterDetail(home) === 'agenda') void scheduleAtHome();
            else update({ step: 'ubicacion' });
          }}
        />
      ) : null}
    </WizardStep>
  );
}
