import { useId, useState, type FormEvent } from 'react';
import type { BranchCityOption } from '@togo/domain/operator/operator-ops.contract';

/** The branch list's filters: a city (those with a branch) and a part of the name or code; applied on submit. */
export function BranchFilters({
  ciudad,
  q,
  cities,
  onApply,
}: {
  ciudad: string;
  q: string;
  cities: readonly BranchCityOption[];
  onApply: (filters: { ciudad: string; q: string }) => void;
}) {
  const ids = { ciudad: useId(), q: useId() };
  const [draft, setDraft] = useState({ ciudad, q });
  // A change of the applied filters (back button, Limpiar) resets the draft; the form stays mounted (focus kept).
  const [applied, setApplied] = useState({ ciudad, q });
  if (applied.ciudad !== ciudad || applied.q !== q) {
    setApplied({ ciudad, q });
    setDraft({ ciudad, q });
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    onApply({ ciudad: draft.ciudad, q: draft.q.trim() });
  }

  return (
    <form className="op-card op-filters" onSubmit={apply} aria-label="Filtros de sedes">
      <div className="field">
        <label className="field__label" htmlFor={ids.ciudad}>
          Ciudad
        </label>
        <select
          id={ids.ciudad}
          className="input"
          value={draft.ciudad}
          onChange={(e) => setDraft({ ...draft, ciudad: e.target.value })}
        >
          <option value="">Todas las ciudades</option>
          {/* The applied city stays selectable while the list of cities loads. */}
          {ciudad && !cities.some((c) => c.ciudad === ciudad) ? (
            <option value={ciudad}>{ciudad}</option>
          ) : null}
          {cities.map((c) => (
            <option key={c.ciudad} value={c.ciudad}>
              {c.nombre}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.q}>
          Nombre o código
        </label>
        <input
          id={ids.q}
          className="input"
          type="search"
          value={draft.q}
          maxLength={100}
          placeholder="p. ej. Calle 80"
          onChange={(e) => setDraft({ ...draft, q: e.target.value })}
        />
      </div>
      <div className="op-filters__actions">
        <button type="submit" className="btn btn--primary op-btn-sm">
          Filtrar
        </button>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setDraft({ ciudad: '', q: '' });
            onApply({ ciudad: '', q: '' });
          }}
        >
          Limpiar
        </button>
      </div>
    </form>
  );
}
