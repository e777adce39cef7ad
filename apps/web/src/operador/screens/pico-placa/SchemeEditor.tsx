import { useState } from 'react';
import { WEEKDAYS, type Weekday } from '@togo/domain/pico-placa/pico-placa.rules';
import { DIGITS } from './preview.ts';
import { toggle, WEEKDAY_LABELS, type FieldErrorMap, type RuleDraft } from './city-form.ts';

export type Scheme = Record<string, unknown> & { type?: string };

/** Ten toggle buttons: the digits a day (or a parity) restricts. */
function DigitToggles({
  label,
  value,
  onChange,
}: {
  label: string;
  value: readonly number[];
  onChange: (digits: number[]) => void;
}) {
  return (
    <div className="pp-digits" role="group" aria-label={label}>
      <span className="pp-digits__label">{label}</span>
      {DIGITS.map((d) => {
        const on = value.includes(d);
        return (
          <button
            key={d}
            type="button"
            className={on ? 'pp-digit pp-digit--on' : 'pp-digit'}
            aria-pressed={on}
            aria-label={`${label}: dígito ${d}`}
            onClick={() => onChange(toggle(value, d, !on, DIGITS))}
          >
            {d}
          </button>
        );
      })}
    </div>
  );
}

/** Schemes other than weekday/parity are edited as JSON (they are rare and carry anchors and dates). */
function SchemeJson({
  scheme,
  onChange,
  error,
}: {
  scheme: Scheme;
  onChange: (s: Scheme) => void;
  error?: string;
}) {
  const [text, setText] = useState(() => JSON.stringify(scheme, null, 2));
  const [parseError, setParseError] = useState<string | null>(null);
  return (
    <label className="pp-field pp-field--wide">
      <span>Esquema (JSON)</span>
      <textarea
        rows={6}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          try {
            onChange(JSON.parse(text) as Scheme);
            setParseError(null);
          } catch {
            setParseError('JSON inválido.');
          }
        }}
        aria-invalid={parseError || error ? true : undefined}
      />
      {(parseError ?? error) ? <span className="field-error">{parseError ?? error}</span> : null}
    </label>
  );
}

export function SchemeEditor({
  rule,
  onChange,
  errors,
}: {
  rule: RuleDraft;
  onChange: (s: Scheme) => void;
  errors: FieldErrorMap;
}) {
  const scheme = (rule.scheme ?? { type: 'weekday_digits', map: {} }) as Scheme;
  const schemeError = Object.entries(errors).find(([k]) => k.startsWith('scheme'))?.[1];
  if (scheme.type === 'weekday_digits') {
    const map = (scheme.map ?? {}) as Partial<Record<Weekday, number[]>>;
    const days = (rule.days ?? []) as Weekday[];
    return (
      <div className="pp-scheme">
        {(days.length ? days : WEEKDAYS).map((day) => (
          <DigitToggles
            key={day}
            label={WEEKDAY_LABELS[day]}
            value={map[day] ?? []}
            onChange={(digits) => onChange({ ...scheme, map: { ...map, [day]: digits } })}
          />
        ))}
        {schemeError ? <p className="field-error">{schemeError}</p> : null}
      </div>
    );
  }
  if (scheme.type === 'date_parity') {
    return (
      <div className="pp-scheme">
        <DigitToggles
          label="Fechas pares"
          value={(scheme.even_dates as number[] | undefined) ?? []}
          onChange={(digits) => onChange({ ...scheme, even_dates: digits })}
        />
        <DigitToggles
          label="Fechas impares"
          value={(scheme.odd_dates as number[] | undefined) ?? []}
          onChange={(digits) => onChange({ ...scheme, odd_dates: digits })}
        />
        {schemeError ? <p className="field-error">{schemeError}</p> : null}
      </div>
    );
  }
  return <SchemeJson key={scheme.type} scheme={scheme} onChange={onChange} error={schemeError} />;
}

export function schemeOfType(type: string): Scheme {
  if (type === 'weekday_digits') return { type, map: { MON: [], TUE: [], WED: [], THU: [], FRI: [] } };
  if (type === 'date_parity') return { type, even_dates: [], odd_dates: [] };
  if (type === 'rotating_pairs') {
    return {
      type,
      pairs: [[0, 1]],
      anchor_week_monday: '2026-01-05',
      anchor_index: 0,
      step_per_week: 1,
      step_per_weekday: 1,
    };
  }
  if (type === 'date_allowed_digits') return { type, allowed: {} };
  return { type, windows: [{ start: '12:00', end: '16:00', restricted: [] }] };
}

/** One rule of a city: validity, days, hours, digit scheme and the informational fields. */
