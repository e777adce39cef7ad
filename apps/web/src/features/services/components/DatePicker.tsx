import { useState } from 'react';
import { upcomingDates } from '@togo/domain/booking/booking.rules';
import {
  dayNumber,
  longDate,
  monthShort,
  monthsSpanLabel,
  shortDate,
  WEEKDAY_SHORT,
  weekdayMondayFirst,
} from '../booking-dates.ts';
import { MonthCalendar } from './MonthCalendar.tsx';

export interface DatePickerProps {
  /** The current instant (the strip starts tomorrow in Bogotá). */
  now: Date;
  value: string | null;
  onChange: (date: string) => void;
  disabled?: boolean;
}

/** agenda (SPPF §2): the next 9 days from tomorrow, plus 'Otra fecha' (month calendar). */
export function DatePicker({ now, value, onChange, disabled = false }: DatePickerProps) {
  const [calendar, setCalendar] = useState(false);
  const [days] = useState(() => upcomingDates(now));
  const otherChosen = value !== null && !days.includes(value);

  return (
    <section className="date-picker" aria-labelledby="date-picker-title">
      <h2 id="date-picker-title" className="services__subtitle">
        Selecciona la fecha
      </h2>
      <p className="date-strip__months" id="date-strip-months">
        {monthsSpanLabel(days)}
      </p>
      <ul className="date-strip" aria-describedby="date-strip-months">
        {days.map((day) => (
          <li key={day}>
            <button
              type="button"
              className="date-strip__day"
              aria-pressed={day === value}
              aria-label={longDate(day)}
              disabled={disabled}
              onClick={() => onChange(day)}
            >
              <span className="date-strip__weekday">{WEEKDAY_SHORT[weekdayMondayFirst(day)]}</span>
              <span className="date-strip__number">{dayNumber(day)}</span>
              <span className="date-strip__month">{monthShort(day)}</span>
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn btn--secondary btn--block"
        aria-pressed={otherChosen}
        disabled={disabled}
        onClick={() => setCalendar(true)}
      >
        {otherChosen && value ? `Otra fecha: ${shortDate(value)}` : 'Otra fecha'}
      </button>
      {calendar ? (
        <MonthCalendar
          now={now}
          firstDay={days[0] ?? ''}
          value={value}
          onClose={() => setCalendar(false)}
          onSelect={(day) => {
            setCalendar(false);
            onChange(day);
          }}
        />
      ) : null}
    </section>
  );
}
