import { useState } from 'react';
import type { MyBookingItem } from '@togo/domain/booking/my-bookings.contract';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { rescheduleMyBooking } from '../api/my-bookings.ts';
import { serverMessage } from '../server-message.ts';
import type { HourSlot } from '../slots.ts';
import { useSlotLoader } from '../use-slot-loader.ts';
import { DatePicker } from './DatePicker.tsx';
import { HourPicker } from './HourPicker.tsx';

/** Another date and hour at the same branch; the server moves the booking in one transaction. */
export function RescheduleBooking({
  booking,
  onDone,
}: {
  booking: MyBookingItem;
  onDone: (moved: boolean) => void;
}) {
  const dialog = useDialog();
  const slotLoader = useSlotLoader();
  const [now] = useState(() => new Date());
  const [date, setDate] = useState<string | null>(null);
  const [slots, setSlots] = useState<HourSlot[] | null>(null);
  const [hour, setHour] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const chooseDate = (day: string) => {
    setDate(day);
    setSlots(null);
    setHour(null);
    void slotLoader.load(
      { flow: booking.servicio, sede: booking.sede.id, date: day },
      {
        onSlots: (_day, list) => setSlots(list),
        onNoSlots: () => setDate(null),
        onError: () => setDate(null),
      },
    );
  };

  const submit = async (franja: string) => {
    if (!date) return;
    setBusy(true);
    try {
      await rescheduleMyBooking(booking.id, { fecha_agenda: date, franja });
      setBusy(false);
      await dialog.show({ variant: 'success', title: '¡Listo!', message: 'Tu cita quedó reprogramada.' });
      onDone(true);
    } catch (error) {
      setBusy(false);
      await dialog.show({
        variant: 'warning',
        title: '¡Ups!',
        message: serverMessage(error, 'No pudimos reprogramar tu cita, intenta nuevamente.'),
      });
    }
  };

  return (
    <section aria-label="Reprogramar" className="booking-reschedule">
      <DatePicker now={now} value={date} onChange={chooseDate} disabled={slotLoader.loading || busy} />
      {slotLoader.loading ? <TruckLoader /> : null}
      {slots && date ? (
        <HourPicker
          date={date}
          slots={slots}
          value={hour}
          onChange={setHour}
          onSubmit={(s) => void submit(s)}
          busy={busy}
        />
      ) : null}
      <button type="button" className="btn btn--secondary btn--block" onClick={() => onDone(false)}>
        No reprogramar
      </button>
    </section>
  );
}
