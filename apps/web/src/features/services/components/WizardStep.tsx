import type { ReactNode } from 'react';
import type { Branch, CityOption, FromFlow } from '@togo/domain/booking/booking.contract';
import type { HourSlot } from '../slots.ts';
import { useSlotLoader } from '../use-slot-loader.ts';
import { AgendaStep } from './AgendaStep.tsx';
import { ConfirmStep, type ConfirmStepProps } from './ConfirmStep.tsx';
import { HourPicker } from './HourPicker.tsx';
import { LocationStep } from './LocationStep.tsx';
import { ServiceScreen } from './ServiceScreen.tsx';

/** What every booking flow keeps for its last steps (ubicacion → agenda → horario → resumen). */
export interface ScheduleState {
  city: CityOption | null;
  branch: Branch | null;
  date: string | null;
  slots: HourSlot[] | null;
  time: string | null;
}

/** The steps every booking flow ends with, drawn by WizardStep. */
export type ScheduleStep = 'ubicacion' | 'agenda' | 'horario' | 'resumen';

/** The summary of the booking, once the flow has all it shows. */
export type WizardSummary = Omit<ConfirmStepProps, 'busy' | 'onConfirm' | 'date' | 'time'>;

export interface WizardStepProps<S extends string> {
  flow: FromFlow;
  /** The flow's steps in order, and each one's title in the bar. */
  steps: readonly S[];
  titles: Record<S, string>;
  step: S;
  onBack: () => void;
  /** The flow's own blocking work (a branch's detail, a list loading, the booking); slots are added here. */
  loading: boolean;
  schedule: ScheduleState;
  /** Writes the flow's state (the chosen city, date, slots, time, and the next step). */
  update: (patch: Partial<ScheduleState> & { step?: S | ScheduleStep }) => void;
  /** agenda: the service whose slots are asked for (a combo, the first procedure). */
  servicio?: string;
  /** ubicacion: a branch was chosen (the flow loads its detail, then moves on). */
  onChooseBranch: (branch: Branch) => void;
  /** agenda: the slots could not be read (after the warning). */
  onSlotsError: () => void;
  /** resumen: what the summary shows, or null while the flow lacks part of it. */
  summary: WizardSummary | null;
  confirm: { busy: boolean; confirm: (mode: Parameters<ConfirmStepProps['onConfirm']>[0]) => unknown };
  /** The flow's own steps (info, combos, procedures…), each drawn when it is the current one. */
  children?: ReactNode;
}

/**
 * One step of a booking wizard (RTM, peritaje, trámites; SPPF §2, §4): the frame with its title, 'Paso n de m' and
 * back button, the flow's own steps (children), and the steps every flow shares — the branch, the date, the hour
 * and the summary with 'Confirmar'.
 */
export function WizardStep<S extends string>({
  flow,
  steps,
  titles,
  step,
  onBack,
  loading,
  schedule,
  update,
  servicio,
  onChooseBranch,
  onSlotsError,
  summary,
  confirm,
  children,
}: WizardStepProps<S>) {
  const slots = useSlotLoader();
  const current: string = step;
  const { city, branch, date, slots: hours, time } = schedule;
  return (
    <ServiceScreen
      title={titles[step]}
      stepLabel={`Paso ${steps.indexOf(step) + 1} de ${steps.length}`}
      onBack={onBack}
      loading={loading || slots.loading || confirm.busy}
    >
      {children}

      {current === 'ubicacion' ? (
        <LocationStep
          flow={flow}
          city={city}
          onCityChange={(chosen) => update({ city: chosen })}
          onChoose={onChooseBranch}
          disabled={loading}
        />
      ) : null}

      {current === 'agenda' && branch ? (
        <AgendaStep
          flow={flow}
          sede={branch.id}
          branch={branch}
          servicio={servicio}
          value={date}
          load={slots.load}
          loading={slots.loading}
          onPick={(picked) => update({ date: picked })}
          onSlots={(picked, list) => update({ date: picked, slots: list, time: null, step: 'horario' })}
          onNoSlots={() => update({ date: null, slots: null })}
          onError={onSlotsError}
        />
      ) : null}

      {current === 'horario' && hours && date ? (
        <HourPicker
          date={date}
          slots={hours}
          value={time}
          onChange={(picked) => update({ time: picked })}
          onSubmit={(picked) => update({ time: picked, step: 'resumen' })}
        />
      ) : null}

      {current === 'resumen' && summary && date && time ? (
        <ConfirmStep
          {...summary}
          date={date}
          time={time}
          busy={confirm.busy}
          onConfirm={(mode) => void confirm.confirm(mode)}
        />
      ) : null}
    </ServiceScreen>
  );
}
