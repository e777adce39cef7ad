import { useId, useState } from 'react';
import { closedDayReason, upcomingDates } from '@togo/domain/booking/booking.rules';
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
  /** Why a day is closed (Sundays, holidays, the branch's closures), or null; Sundays and holidays by default. */
  closedReason?: (date: string) => string | null;
}

const defaultClosedReason = (date: string) => closedDayReason(date);

/** agenda (SPPF §2): the next 9 days from tomorrow, plus 'Otra fecha' (month calendar). */
export function DatePicker({
  now,
  value,
  onChange,
  disabled = false,
  closedReason = defaultClosedReason,
}: DatePickerProps) {
  const reasonId = useId();
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
        {days.map((day) => {
          const closed = closedReason(day);
          return (
            <li key={day}>
              <button
                type="button"
                className="date-strip__day"
                aria-pressed={day === value}
                aria-describedby={closed ? `${reasonId}-${day}` : undefined}
                title={closed ?? undefined}
                disabled={disabled || closed !== null}
                onClick={() => onChange(day)}
              >
                {/* The name is the long date, read from the text (axe's label-content-name-mismatch, issue 36). */}
                <span className="visually-hidden">{longDate(day)}</span>
                <span className="date-strip__weekday" aria-hidden="true">
                  {WEEKDAY_SHORT[weekdayMondayFirst(day)]}
                </span>
                <span className="date-strip__number" aria-hidden="true">
                  {dayNumber(day)}
                </span>
                <span className="date-strip__month" aria-hidden="true">
                  {monthShort(day)}
                </span>
              </button>
              {closed ? (
                <span id={`${reasonId}-${day}`} hidden>
                  {closed}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {days.some((day) => closedReason(day) !== null) ? (
        <p className="date-strip__note">
          Los días atenuados no tienen atención: domingos, festivos y cierres de la sede.
        </p>
      ) : null}
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
          closedReason={closedReason}
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
