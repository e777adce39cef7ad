import { useState } from 'react';
import { slotsOf, type HourSlot } from '../slots.ts';

export interface HourPickerProps {
  /** The slots to offer: the server's for the chosen date. */
  slots: readonly HourSlot[];
  value: string | null;
  onChange: (slot: string) => void;
  onSubmit: (slot: string) => void;
  busy?: boolean;
}

/** horario (SPPF §2): AM/PM toggle, the hours of that half of the day, 'Agendar' disabled until one is chosen. */
export function HourPicker({ slots, value, onChange, onSubmit, busy = false }: HourPickerProps) {
  const [bloque, setBloque] = useState<'AM' | 'PM'>(() => {
    const chosen = slots.find((slot) => slot.id === value);
    if (chosen) return chosen.bloque;
    return slotsOf(slots, 'AM').length === 0 && slotsOf(slots, 'PM').length > 0 ? 'PM' : 'AM';
  });
  const shown = slotsOf(slots, bloque);

  return (
    <section className="hour-picker" aria-labelledby="hour-picker-title">
      <h2 id="hour-picker-title" className="services__subtitle">
        Selecciona la hora
      </h2>
      <div className="segmented" role="group" aria-label="Jornada">
        {(['AM', 'PM'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className="segmented__option"
            aria-pressed={bloque === option}
            onClick={() => setBloque(option)}
          >
            {option}
          </button>
        ))}
      </div>
      {shown.length ? (
        <ul className="hour-grid" aria-label={`Horas ${bloque}`}>
          {shown.map((slot) => (
            <li key={slot.id}>
              <button
                type="button"
                className="hour-grid__slot"
                aria-pressed={slot.id === value}
                onClick={() => onChange(slot.id)}
              >
                {slot.id}
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
