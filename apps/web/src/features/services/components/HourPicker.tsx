import { useState } from 'react';
import { franjaText } from '@togo/domain/booking/booking.rules';
import { longDate } from '../booking-dates.ts';
import { halfOf, slotsOf, type HourSlot } from '../slots.ts';

const HALF_TEXT = { AM: 'a. m.', PM: 'p. m.' } as const;

export interface HourPickerProps {
  /** The date chosen on the step before ('YYYY-MM-DD'), repeated above the hours (issue 36). */
  date: string;
  /** The slots to offer: the server's for the chosen date. */
  slots: readonly HourSlot[];
  value: string | null;
  onChange: (slot: string) => void;
  onSubmit: (slot: string) => void;
  busy?: boolean;
}

/**
 * horario (SPPF §2): the chosen date, a. m./p. m. toggle (noon under p. m.), the hours of that half of the day,
 * 'Agendar' disabled until one is chosen.
 */
export function HourPicker({ date, slots, value, onChange, onSubmit, busy = false }: HourPickerProps) {
  const [bloque, setBloque] = useState<'AM' | 'PM'>(() => {
    const chosen = slots.find((slot) => slot.id === value);
    if (chosen) return halfOf(chosen);
    return slotsOf(slots, 'AM').length === 0 && slotsOf(slots, 'PM').length > 0 ? 'PM' : 'AM';
  });
  const shown = slotsOf(slots, bloque);

  return (
    <section className="hour-picker" aria-labelledby="hour-picker-title">
      <h2 id="hour-picker-title" className="services__subtitle">
        Selecciona la hora
      </h2>
      <p className="hour-picker__date">Para el {longDate(date)}</p>
      <div className="segmented" role="group" aria-label="Jornada">
        {(['AM', 'PM'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className="segmented__option"
            aria-pressed={bloque === option}
            onClick={() => setBloque(option)}
          >
            {HALF_TEXT[option]}
          </button>
        ))}
      </div>
      {shown.length ? (
        <ul className="hour-grid" aria-label={`Horas de la ${bloque === 'AM' ? 'mañana' : 'tarde'}`}>
          {shown.map((slot) => (
            <li key={slot.id}>
              <button
                type="button"
                className="hour-grid__slot"
                aria-pressed={slot.id === value}
                onClick={() => onChange(slot.id)}
              >
                {franjaText(slot.id)}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="services__empty">
          No hay horarios en la {bloque === 'AM' ? 'mañana' : 'tarde'}; prueba la otra jornada.
        </p>
      )}
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={!value || busy}
        onClick={() => {
          if (value) onSubmit(value);
        }}
      >
        Agendar
      </button>
    </section>
  );
}
