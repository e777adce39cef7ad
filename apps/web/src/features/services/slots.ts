import { DEFAULT_SLOT_HOURS, slotBlock, slotHour, slotLabel } from '@togo/domain/booking/booking.rules';

/** An hour the picker offers: id like '7:00 AM' (the franja to book) and its AM/PM toggle. */
export interface HourSlot {
  id: string;
  bloque: 'AM' | 'PM';
}

/** SPPF §9: hourly AM 7:00–12:00 and PM 1:00–6:00, shown until the server's slots replace them. */
export const DEFAULT_SLOTS: readonly HourSlot[] = DEFAULT_SLOT_HOURS.map((hour) => ({
  id: slotLabel(hour),
  bloque: slotBlock(hour),
}));

/** The half of the day a slot is shown under: noon ('12:00 p. m.') is afternoon, whatever the wire's bloque. */
export function halfOf(slot: HourSlot): 'AM' | 'PM' {
  const hour = slotHour(slot.id);
  return hour === null ? slot.bloque : hour < 12 ? 'AM' : 'PM';
}

/** The slots of one half of the day, in time order. */
export function slotsOf(slots: readonly HourSlot[], bloque: 'AM' | 'PM'): HourSlot[] {
  return slots
    .filter((slot) => halfOf(slot) === bloque)
    .sort((a, b) => (slotHour(a.id) ?? 99) - (slotHour(b.id) ?? 99));
}
