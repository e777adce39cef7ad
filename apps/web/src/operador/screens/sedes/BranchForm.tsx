import { Component, lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { Field, fieldA11y } from '../../../components/ui/Field.tsx';
import { VEHICLE_GROUPS } from '@togo/domain/operator/operator-console.contract';
import {
  OPERATOR_OPS_PATHS,
  operatorBranchSchema,
  type OperatorBranch,
} from '@togo/domain/operator/operator-ops.contract';
import { StaleVersionNotice } from '../../components/StaleVersionNotice.tsx';
import { operatorRequest } from '../../lib/operator-api.ts';
import { isStaleVersion } from '../../lib/operator-messages.ts';
import { errorMessage } from '../../lib/ops-error-message.ts';
import { parseCoordinate } from './branch-position.ts';
import {
  BRANCH_ERROR_FIELDS,
  branchBody,
  draftOf,
  serverErrors,
  type BranchDraft,
  type BranchErrorField,
  type BranchErrors,
} from './branch-form-fields.ts';
import { CityPicker } from './CityPicker.tsx';

/** Leaflet and the basemap load only when a branch form opens (never in the console's entry chunk). */
const BranchPositionMap = lazy(() => import('./BranchPositionMap.tsx'));

/** A map that fails to load leaves the form usable: the inputs are still there. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <p className="ops-empty">No se pudo cargar el mapa; escribe la latitud y la longitud.</p>
    ) : (
      this.props.children
    );
  }
}

const GROUP_LABEL: Record<(typeof VEHICLE_GROUPS)[number], string> = {
  LIVIANOS: 'Livianos',
  MOTOS: 'Motos',
  PESADOS: 'Pesados',
};

/**
 * Create (no `branch`) or edit a branch: name, address, municipality (department, then municipality, from lists),
 * phone, hours, capacity per hour, vehicle groups, home service, map position. Errors are shown at their fields,
 * checked first with the domain's schemas (the API's own messages), then as the API answers them. An edit sends
 * only what changed, with the version it was read at; when someone saved the branch since (409, decision 096) the
 * form says so and `onReload` loads the current one.
 */
export function BranchForm({
  branch,
  onSaved,
  onCancel,
  onReload,
}: {
  branch: OperatorBranch | null;
  onSaved: (saved: OperatorBranch) => void;
  onCancel: () => void;
  onReload: () => void;
}) {
  const [f, setF] = useState<BranchDraft>(() => draftOf(branch));
  const [errors, setErrors] = useState<BranchErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<BranchDraft>) => setF((old) => ({ ...old, ...patch }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setStale(false);
    const { body, errors: found } = branchBody(f, branch);
    setErrors(found);
    if (!body) {
      setError('Revisa los campos marcados.');
      return;
    }
    if (branch && Object.keys(body).length === 0) {
      setError('No hay cambios para guardar.');
      return;
    }
    setSaving(true);
    try {
      const saved = branch
        ? await operatorRequest(OPERATOR_OPS_PATHS.branch(branch.id), {
            method: 'PATCH',
            body,
            schema: operatorBranchSchema,
            ifMatch: branch.version,
          })
        : await operatorRequest(OPERATOR_OPS_PATHS.branches, {
            method: 'POST',
            body,
            schema: operatorBranchSchema,
          });
      onSaved(saved);
    } catch (err) {
      const atFields = serverErrors(err);
      if (isStaleVersion(err)) setStale(true);
      else if (Object.keys(atFields).length > 0) {
        setErrors(atFields);
        setError('Revisa los campos marcados.');
      } else setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  const id = (key: string) => `sede-${key}`;
  /** The field the draft's `key` shows its errors at (the hours' first input shows the hours' error). */
  const errorField = (key: keyof BranchDraft): BranchErrorField | null =>
    key === 'apertura'
      ? 'horario'
      : (BRANCH_ERROR_FIELDS as readonly string[]).includes(key)
        ? (key as BranchErrorField)
        : null;
  /** Editing a field takes its error away (it is checked again on saving). */
  const edit = (patch: Partial<BranchDraft>) => {
    set(patch);
    const touched = Object.keys(patch).map((k) => errorField(k as keyof BranchDraft));
    setErrors((old) => {
      const next = { ...old };
      for (const k of touched) if (k) delete next[k];
      if ('departamento' in patch) delete next.ciudad;
      return next;
    });
  };
  const text = (label: string, key: keyof BranchDraft, extra: Record<string, string> = {}) => {
    const field = errorField(key);
    const fieldError = field ? errors[field] : undefined;
    return (
      <Field id={id(key)} label={label} error={fieldError}>
        <input
          {...fieldA11y(id(key), fieldError)}
          className="input"
          value={String(f[key])}
          onChange={(e) => edit({ [key]: e.target.value })}
          {...extra}
        />
      </Field>
    );
  };

  return (
    <form
      className="ops-card"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={branch ? `Editar ${branch.nombre}` : 'Nueva sede'}
    >
      <h2>{branch ? `Editar ${branch.nombre}` : 'Nueva sede'}</h2>
      <div className="ops-form">
        {!branch && (
          <>
            {text('Código', 'id', { placeholder: 'RTM-BOG-03', maxLength: '40' })}
            <Field id={id('servicio')} label="Servicio" error={errors.servicio}>
              <select
                {...fieldA11y(id('servicio'), errors.servicio)}
                className="input"
                value={f.servicio}
                onChange={(e) => set({ servicio: e.target.value })}
              >
                <option value="rtm">Revisión técnico-mecánica</option>
                <option value="peritaje">Peritaje</option>
                <option value="tramites">Trámites</option>
              </select>
            </Field>
          </>
        )}
        {text('Nombre', 'nombre', { maxLength: '200' })}
        {text('Dirección', 'direccion', { maxLength: '300' })}
        <CityPicker
          departamento={f.departamento}
          ciudad={f.ciudad}
          error={errors.ciudad}
          onChange={(next) => edit(next)}
        />
        {text('Teléfono', 'telefono', { type: 'tel', maxLength: '40' })}
        {text('Capacidad por hora', 'capacidad', { type: 'number', min: '1', max: '100' })}
        {text('Lunes a viernes: apertura', 'apertura', { type: 'time' })}
        {text('Lunes a viernes: cierre', 'cierre', { type: 'time' })}
        <label className="check-field ops-form__check">
          <input type="checkbox" checked={f.sabado} onChange={(e) => set({ sabado: e.target.checked })} />
          Abre los sábados
        </label>
        {f.sabado && text('Sábado: apertura', 'sabApertura', { type: 'time' })}
        {f.sabado && text('Sábado: cierre', 'sabCierre', { type: 'time' })}
        {text('Latitud', 'lat', { inputMode: 'decimal' })}
        {text('Longitud', 'lng', { inputMode: 'decimal' })}
        <div className="ops-form__wide">
          <p className="ops-hint">
            Haz clic o toca el mapa para ubicar la sede; también puedes arrastrar el marcador o escribir la
            latitud y la longitud.
          </p>
          <MapBoundary>
            <Suspense
              fallback={
                <div className="ops-map ops-map--loading" role="status" aria-label="Cargando el mapa…" />
              }
            >
              <BranchPositionMap
                lat={parseCoordinate(f.lat)}
                lng={parseCoordinate(f.lng)}
                onPick={(lat, lng) => set({ lat: String(lat), lng: String(lng) })}
              />
            </Suspense>
          </MapBoundary>
        </div>
        <fieldset aria-describedby={errors.atiende ? 'sede-atiende-error' : undefined}>
          <legend>Vehículos que atiende</legend>
          {VEHICLE_GROUPS.map((g) => (
            <label key={g} className="check-field">
              <input
                type="checkbox"
                checked={f.atiende.includes(g)}
                onChange={(e) =>
                  edit({ atiende: e.target.checked ? [...f.atiende, g] : f.atiende.filter((x) => x !== g) })
                }
              />
              {GROUP_LABEL[g]}
            </label>
          ))}
          {errors.atiende ? (
            <p id="sede-atiende-error" className="field-error">
              {errors.atiende}
            </p>
          ) : null}
        </fieldset>
        <label className="check-field ops-form__check">
          <input
            type="checkbox"
            checked={f.aDomicilio}
            onChange={(e) => set({ aDomicilio: e.target.checked })}
          />
          Servicio a domicilio
        </label>
        <label className="check-field ops-form__check">
          <input type="checkbox" checked={f.activa} onChange={(e) => set({ activa: e.target.checked })} />
          Sede activa
        </label>
      </div>
      {error && (
        <p role="alert" className="ops-error">
          {error}
        </p>
      )}
      {stale ? <StaleVersionNotice onReload={onReload} /> : null}
      <div className="ops-dialog__buttons">
        <button type="button" className="ops-button ops-button--ghost" onClick={onCancel}>
          Cancelar
        </button>
        <button type="submit" className="ops-button" disabled={saving}>
          {saving ? 'Guardando…' : branch ? 'Guardar cambios' : 'Crear sede'}
        </button>
      </div>
    </form>
  );
}
