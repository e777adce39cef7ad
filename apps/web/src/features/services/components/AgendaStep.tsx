import { useState } from 'react';
import type { Branch, FromFlow } from '@togo/domain/booking/booking.contract';
import { closedDayReason } from '@togo/domain/booking/booking.rules';
import type { SlotLoaderHandlers } from '../use-slot-loader.ts';
import { DatePicker } from './DatePicker.tsx';

export interface AgendaStepProps extends SlotLoaderHandlers {
  flow: FromFlow;
  sede: string;
  /** The chosen branch: its Saturdays and closures are disabled in the date strip. */
  branch?: Pick<Branch, 'horario' | 'cierres'>;
  servicio?: string;
  value: string | null;
  /** Marks the date as chosen while its slots load. */
  onPick: (date: string) => void;
  load: (
    query: { flow: FromFlow; sede: string; servicio?: string; date: string },
    handlers: SlotLoaderHandlers,
  ) => Promise<void>;
  loading: boolean;
}

/** agenda: choosing a date fetches its slots; horario follows only when there are some (SPPF §4). */
export function AgendaStep({
  flow,
  sede,
  branch,
  servicio,
  value,
  onPick,
  load,
  loading,
  ...handlers
}: AgendaStepProps) {
  const [now] = useState(() => new Date());
  return (
    <DatePicker
      now={now}
      value={value}
      disabled={loading}
      closedReason={(date) => closedDayReason(date, { horario: branch?.horario, cierres: branch?.cierres })}
      onChange={(date) => {
        onPick(date);
        void load({ flow, sede, date, ...(servicio ? { servicio } : {}) }, handlers);
      }}
    />
  );
}
