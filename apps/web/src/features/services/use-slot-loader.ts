import { useState } from 'react';
import { BOOKING_MSG } from '@togo/domain/booking/booking.contract';
import { useDialog } from '../../components/ui/dialog-context.tsx';
import { fetchSlots, type SlotsQuery } from './api/slots.ts';
import { serverMessage } from './server-message.ts';
import type { HourSlot } from './slots.ts';

export interface SlotLoaderHandlers {
  /** The date has slots: move on to horario with them. */
  onSlots: (date: string, slots: HourSlot[]) => void;
  /** SPPF §8 'No slots for a date': the date is cleared (after the warning). */
  onNoSlots: () => void;
  /** SPPF §8 'Slot fetch error': after the warning, back to the service page. */
  onError: () => void;
}

/** Choosing a date fetches its slots and moves to horario only if there are some (SPPF §4). */
export function useSlotLoader() {
  const dialog = useDialog();
  const [loading, setLoading] = useState(false);

  const load = async (query: SlotsQuery, handlers: SlotLoaderHandlers) => {
    setLoading(true);
    let slots: HourSlot[];
    try {
      slots = await fetchSlots(query);
    } catch (error) {
      setLoading(false);
      await dialog.show({
        variant: 'warning',
        message: serverMessage(error, 'No pudimos consultar los horarios, intenta nuevamente.'),
      });
      handlers.onError();
      return;
    }
    setLoading(false);
    if (!slots.length) {
      handlers.onNoSlots();
      await dialog.show({ variant: 'warning', title: '¡Ups!', message: BOOKING_MSG.noSlots });
      return;
    }
    handlers.onSlots(query.date, slots);
  };

  return { load, loading };
}
