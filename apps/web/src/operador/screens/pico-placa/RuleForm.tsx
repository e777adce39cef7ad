import { PICO_PLACA_VEHICLE_TYPES, WEEKDAYS } from '@togo/domain/pico-placa/pico-placa.rules';
import { SchemeEditor, schemeOfType, type Scheme } from './SchemeEditor.tsx';
import { toggle, WEEKDAY_LABELS, type FieldErrorMap, type RuleDraft } from './city-form.ts';

interface RuleFormProps {
  rule: RuleDraft;
  index: number;
  errors: FieldErrorMap;
  onChange: (rule: RuleDraft) => void;
  onRemove: () => void;
  /** Closed rules show one summary line (old rotations are many). */
  open: boolean;
  onToggle: () => void;
  /** Shown with every field disabled (a role without 'pico-placa.editar'). */
  readOnly?: boolean;
}

const SCHEME_LABELS: Record<string, string> = {
  weekday_digits: 'Dígitos por día de la semana',
  date_parity: 'Paridad de la fecha (pares / impares)',
  rotating_pairs: 'Pares rotativos',
  date_allowed_digits: 'Dígitos permitidos por fecha',
  regional_entry_parity: 'Ingreso regional (informativa)',
};

const VEHICLE_LABELS: Record<string, string> = { particular: 'Particulares', moto: 'Motos' };

function Err({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;
}

function period(rule: RuleDraft): string {
  const fmt = (d: string | null | undefined) =>
    d ? `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}` : '…';
  return `${fmt(rule.valid_from)} – ${fmt(rule.valid_to)}`;
}

export function RuleForm({
  rule,
  index,
  readOnly = false,
  errors,
  onChange,
  onRemove,
  open,
  onToggle,
}: RuleFormProps) {
  const id = (name: string) => `regla-${index}-${name}`;
  const set = (patch: Partial<RuleDraft>) => onChange({ ...rule, ...patch });
  const a11y = (name: string) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': id(`${name}-error`) } : {};
  const windows = (rule.time_windows ?? []) as { start: string; end: string }[];
  const informational = rule.evaluate_by_default === false;
  return (
    <fieldset className="pp-rule" aria-labelledby={id('titulo')}>
      <legend id={id('titulo')} className="pp-rule__title">
        Regla {index + 1}
        {rule.id ? <span className="pp-rule__id"> · {String(rule.id)}</span> : null}
      </legend>
      <div className="pp-rule__summary">
        <span>
          {period(rule)}
          {rule.evaluate_by_default === false ? ' · informativa' : ''}
          {Object.keys(errors).length > 0 ? <strong className="field-error"> · con errores</strong> : null}
        </span>
        <button
          type="button"
          className="pp-link"
          aria-expanded={open}
          aria-controls={id('cuerpo')}
          onClick={onToggle}
        >
          {open ? 'Ocultar' : readOnly ? 'Ver' : 'Editar'}
          <span className="visually-hidden"> regla {index + 1}</span>
        </button>
      </div>
      <fieldset id={id('cuerpo')} hidden={!open} disabled={readOnly} className="pp-rule__body">
        <div className="pp-rule__grid">
          <label className="pp-field">
            <span>Identificador</span>
            <input
              value={String(rule.id ?? '')}
              onChange={(e) => set({ id: e.target.value })}
              {...a11y('id')}
            />
            <Err id={id('id-error')} message={errors.id} />
          </label>
          <label className="pp-field">
            <span>Vigente desde</span>
            <input
              type="date"
              value={rule.valid_from ?? ''}
              onChange={(e) => set({ valid_from: e.target.value || null })}
              {...a11y('valid_from')}
            />
            <Err id={id('valid_from-error')} message={errors.valid_from} />
          </label>
          <label className="pp-field">
            <span>Vigente hasta (vacío: sin fin conocido)</span>
            <input
              type="date"
              value={rule.valid_to ?? ''}
              onChange={(e) => set({ valid_to: e.target.value || null })}
              {...a11y('valid_to')}
            />
            <Err id={id('valid_to-error')} message={errors.valid_to} />
          </label>
          <label className="pp-field">
            <span>Dígito de la placa</span>
            <select
              value={rule.digit ?? 'last'}
              onChange={(e) => set({ digit: e.target.value as 'last' | 'first' })}
            >
              <option value="last">Último</option>
              <option value="first">Primero</option>
            </select>
          </label>
        </div>

        <div className="pp-rule__row" role="group" aria-label="Vehículos">
          <span className="pp-rule__label">Vehículos</span>
          {PICO_PLACA_VEHICLE_TYPES.map((type) => (
            <label key={type} className="pp-check">
              <input
                type="checkbox"
                checked={(rule.applies_to ?? []).includes(type)}
                onChange={(e) =>
                  set({
                    applies_to: toggle(rule.applies_to, type, e.target.checked, PICO_PLACA_VEHICLE_TYPES),
                  })
                }
              />
              {VEHICLE_LABELS[type]}
            </label>
          ))}
          <Err id={id('applies_to-error')} message={errors.applies_to} />
        </div>

        <div className="pp-rule__row" role="group" aria-label="Días">
          <span className="pp-rule__label">Días</span>
          {WEEKDAYS.map((day) => (
            <label key={day} className="pp-check">
              <input
                type="checkbox"
                checked={(rule.days ?? []).includes(day)}
                onChange={(e) => set({ days: toggle(rule.days, day, e.target.checked, WEEKDAYS) })}
              />
              {WEEKDAY_LABELS[day]}
            </label>
          ))}
          <label className="pp-check">
            <input
              type="checkbox"
              checked={rule.skip_holidays ?? true}
              onChange={(e) => set({ skip_holidays: e.target.checked })}
            />
            Sin restricción en festivos
          </label>
          <Err id={id('days-error')} message={errors.days} />
        </div>

        <div className="pp-rule__row" role="group" aria-label="Horarios">
          <span className="pp-rule__label">Horarios</span>
          {windows.map((w, i) => (
            <span key={i} className="pp-window">
              <input
                aria-label={`Horario ${i + 1}: inicio (HH:MM)`}
                className="pp-time"
                value={w.start}
                onChange={(e) =>
                  set({
                    time_windows: windows.map((x, j) => (j === i ? { ...x, start: e.target.value } : x)),
                  })
                }
                aria-invalid={errors[`time_windows.${i}.start`] ? true : undefined}
              />
              –
              <input
                aria-label={`Horario ${i + 1}: fin (HH:MM)`}
                className="pp-time"
                value={w.end}
                onChange={(e) =>
                  set({ time_windows: windows.map((x, j) => (j === i ? { ...x, end: e.target.value } : x)) })
                }
                aria-invalid={errors[`time_windows.${i}.end`] ? true : undefined}
              />
              <button
                type="button"
                className="pp-link"
                aria-label={`Quitar horario ${i + 1}`}
                onClick={() => set({ time_windows: windows.filter((_, j) => j !== i) })}
              >
                ×
              </button>
              <Err
                id={id(`w${i}-error`)}
                message={errors[`time_windows.${i}.start`] ?? errors[`time_windows.${i}.end`]}
              />
            </span>
          ))}
          <button
            type="button"
            className="pp-link"
            onClick={() => set({ time_windows: [...windows, { start: '06:00', end: '20:00' }] })}
          >
            + Agregar horario
          </button>
          <Err id={id('time_windows-error')} message={errors.time_windows} />
        </div>

        <div className="pp-rule__row">
          <label className="pp-field">
            <span>Esquema de dígitos</span>
            <select
              value={(rule.scheme as Scheme | undefined)?.type ?? 'weekday_digits'}
              onChange={(e) => set({ scheme: schemeOfType(e.target.value) as RuleDraft['scheme'] })}
            >
              {Object.entries(SCHEME_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        </div>
        <SchemeEditor
          rule={rule}
          errors={errors}
          onChange={(scheme) => set({ scheme: scheme as RuleDraft['scheme'] })}
        />

        <div className="pp-rule__grid">
          <label className="pp-field">
            <span>Zona</span>
            <input
              value={String(rule.area ?? '')}
              onChange={(e) => set({ area: e.target.value })}
              {...a11y('area')}
            />
            <Err id={id('area-error')} message={errors.area} />
          </label>
          <label className="pp-field">
            <span>Alcance</span>
            <select
              value={rule.area_scope ?? 'citywide'}
              onChange={(e) => set({ area_scope: e.target.value as 'citywide' })}
            >
              <option value="citywide">Toda la ciudad</option>
              <option value="zone">Una zona</option>
              <option value="corridors">Corredores</option>
            </select>
          </label>
          <label className="pp-field">
            <span>Confianza</span>
            <select
              value={rule.confidence ?? 'high'}
              onChange={(e) => set({ confidence: e.target.value as 'high' })}
            >
              <option value="high">Alta</option>
              <option value="medium">Media</option>
              <option value="low">Baja</option>
            </select>
          </label>
          <label className="pp-check pp-check--field">
            <input
              type="checkbox"
              checked={!informational}
              onChange={(e) => {
                const next = { ...rule };
                if (e.target.checked) delete next.evaluate_by_default;
                else next.evaluate_by_default = false;
                onChange(next);
              }}
            />
            Usar en el cálculo (desmarcada: solo informativa)
          </label>
        </div>
        <div className="pp-rule__grid pp-rule__grid--2">
          <label className="pp-field">
            <span>Fuentes (una por línea)</span>
            <textarea
              rows={2}
              value={(rule.sources ?? []).join('\n')}
              onChange={(e) => set({ sources: e.target.value.split('\n') })}
            />
          </label>
          <label className="pp-field">
            <span>Notas</span>
            <textarea
              rows={2}
              value={String(rule.notes ?? '')}
              onChange={(e) => set({ notes: e.target.value })}
            />
          </label>
        </div>
        {readOnly ? null : (
          <div className="pp-rule__actions">
            <button type="button" className="btn btn--secondary pp-danger" onClick={onRemove}>
              Quitar regla
            </button>
          </div>
        )}
      </fieldset>
    </fieldset>
  );
}
