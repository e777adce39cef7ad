import { useId, useState } from 'react';
import { Modal } from '../../../components/ui/Modal.tsx';
import { calendarMonths } from '@togo/domain/booking/booking.rules';
import { dayNumber, longDate, monthGrid, monthLabel, monthOf, WEEKDAY_SHORT } from '../booking-dates.ts';

export interface MonthCalendarProps {
  /** The current instant: the range is this month (Bogotá) to the same month next year. */
  now: Date;
  /** First date that can be chosen ('YYYY-MM-DD', tomorrow). */
  firstDay: string;
  /** The chosen date, selected when the calendar opens. */
  value: string | null;
  onSelect: (date: string) => void;
  onClose: () => void;
  /** Why a day is closed (Sundays, holidays, the branch's closures), or null: closed days are disabled. */
  closedReason?: (date: string) => string | null;
}

/**
 * 'Otra fecha' (SPPF §2, §5): a Monday-first month calendar from the current month to the same month next
 * year. Navigation stops at both ends and clears the temporary day; 'Seleccionar' needs a day.
 */
export function MonthCalendar({
  now,
  firstDay,
  value,
  onSelect,
  onClose,
  closedReason = () => null,
}: MonthCalendarProps) {
  const titleId = useId();
  const errorId = useId();
  const [months] = useState(() => calendarMonths(now));
  const [index, setIndex] = useState(() => Math.max(0, value ? months.indexOf(monthOf(value)) : 0));
  const [temp, setTemp] = useState<string | null>(value);
  const [error, setError] = useState(false);
  const month = months[index] ?? months[0] ?? monthOf(firstDay);
  const last = months.length - 1;

  const go = (to: number) => {
    setIndex(Math.min(last, Math.max(0, to)));
    setTemp(null);
  };

  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="calendar-modal">
      <button type="button" className="modal__close" aria-label="Cerrar" onClick={onClose}>
        ×
      </button>
      <h2 id={titleId} className="dialog__title">
        Elige otra fecha
      </h2>
      <div className="calendar__nav">
        <button
          type="button"
          className="calendar__arrow"
          aria-label="Mes anterior"
          disabled={index === 0}
          onClick={() => go(index - 1)}
        >
          ‹
        </button>
        <p className="calendar__month" aria-live="polite">
          {monthLabel(month)}
        </p>
        <button
          type="button"
          className="calendar__arrow"
          aria-label="Mes siguiente"
          disabled={index === last}
          onClick={() => go(index + 1)}
        >
          ›
        </button>
      </div>
      <table className="calendar" aria-label={monthLabel(month)}>
        <thead>
          <tr>
            {WEEKDAY_SHORT.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week, w) => (
            <tr key={w}>
              {week.map((date, d) =>
                date ? (
                  <td key={date}>
                    <button
                      type="button"
                      className="calendar__day"
                      aria-label={longDate(date)}
                      aria-pressed={date === temp}
                      title={closedReason(date) ?? undefined}
                      disabled={date < firstDay || closedReason(date) !== null}
                      onClick={() => {
                        setTemp(date);
                        setError(false);
                      }}
                    >
                      {dayNumber(date)}
                    </button>
                  </td>
                ) : (
                  <td key={`pad-${d}`} aria-hidden="true" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          Selecciona un día.
        </p>
      ) : null}
      <div className="dialog__actions">
        <button
          type="button"
          className="btn btn--primary"
          aria-disabled={!temp}
          aria-describedby={error ? errorId : undefined}
          onClick={() => {
            if (temp) onSelect(temp);
            else setError(true);
          }}
        >
          Seleccionar
        </button>
      </div>
    </Modal>
  );
}
