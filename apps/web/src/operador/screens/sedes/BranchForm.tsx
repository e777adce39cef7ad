import { Component, lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
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
 * Create (no `branch`) or edit a branch: hours, capacity per hour, vehicle groups, home service, map position. An
 * edit is sent with the version it was read at; when someone saved the branch since (409, decision 096) the form
 * says so and `onReload` loads the current one.
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
  const [f, setF] = useState({
    id: branch?.id ?? '',
    servicio: branch?.servicio ?? 'rtm',
    nombre: branch?.nombre ?? '',
    direccion: branch?.direccion ?? '',
    ciudad: branch?.ciudad ?? '',
    telefono: branch?.telefono ?? '',
    capacidad: String(branch?.capacidad ?? 4),
    apertura: branch?.horario.lunes_viernes.apertura ?? '07:00',
    cierre: branch?.horario.lunes_viernes.cierre ?? '17:00',
    sabado: branch ? branch.horario.sabado !== null : true,
    sabApertura: branch?.horario.sabado?.apertura ?? '08:00',
    sabCierre: branch?.horario.sabado?.cierre ?? '12:00',
    atiende: branch?.atiende ?? ['LIVIANOS'],
    aDomicilio: branch?.a_domicilio ?? false,
    activa: branch?.activa ?? true,
    lat: String(branch?.lat ?? ''),
    lng: String(branch?.lng ?? ''),
  });
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<typeof f>) => setF((old) => ({ ...old, ...patch }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    setError(null);
    setStale(false);
    const common = {
      capacidad: Number(f.capacidad),
      horario: {
        lunes_viernes: { apertura: f.apertura, cierre: f.cierre },
        sabado: f.sabado ? { apertura: f.sabApertura, cierre: f.sabCierre } : null,
      },
      atiende: f.atiende,
      a_domicilio: f.aDomicilio,
      activa: f.activa,
      lat: Number(f.lat),
      lng: Number(f.lng),
    };
    try {
      const saved = branch
        ? await operatorRequest(OPERATOR_OPS_PATHS.branch(branch.id), {
            method: 'PATCH',
            body: common,
            schema: operatorBranchSchema,
            ifMatch: branch.version,
          })
        : await operatorRequest(OPERATOR_OPS_PATHS.branches, {
            method: 'POST',
            body: {
              ...common,
              id: f.id,
              servicio: f.servicio,
              nombre: f.nombre,
              direccion: f.direccion,
              ciudad: f.ciudad,
              telefono: f.telefono,
            },
            schema: operatorBranchSchema,
          });
      onSaved(saved);
    } catch (err) {
      if (isStaleVersion(err)) setStale(true);
      else setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  const text = (label: string, key: keyof typeof f, extra: Record<string, string> = {}) => (
    <label>
      {label}
      <input value={String(f[key])} required onChange={(e) => set({ [key]: e.target.value })} {...extra} />
    </label>
  );

  return (
    <form
      className="ops-card"
      onSubmit={(e) => void submit(e)}
      aria-label={branch ? `Editar ${branch.nombre}` : 'Nueva sede'}
    >
      <h2>{branch ? `Editar ${branch.nombre}` : 'Nueva sede'}</h2>
      <div className="ops-form">
        {!branch && (
          <>
            {text('Código', 'id', { placeholder: 'RTM-BOG-03' })}
            <label>
              Servicio
              <select value={f.servicio} onChange={(e) => set({ servicio: e.target.value })}>
                <option value="rtm">Revisión técnico-mecánica</option>
                <option value="peritaje">Peritaje</option>
                <option value="tramites">Trámites</option>
              </select>
            </label>
            {text('Nombre', 'nombre')}
            {text('Dirección', 'direccion')}
            {text('Ciudad (código DANE)', 'ciudad', { inputMode: 'numeric', placeholder: '11001' })}
            {text('Teléfono', 'telefono')}
          </>
        )}
        {text('Capacidad por hora', 'capacidad', { type: 'number', min: '1', max: '100' })}
        {text('Lunes a viernes: apertura', 'apertura', { type: 'time' })}
        {text('Lunes a viernes: cierre', 'cierre', { type: 'time' })}
        <label>
          <span>
            <input type="checkbox" checked={f.sabado} onChange={(e) => set({ sabado: e.target.checked })} />{' '}
            Abre los sábados
          </span>
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
        <fieldset>
          <legend>Vehículos que atiende</legend>
          {VEHICLE_GROUPS.map((g) => (
            <label key={g}>
              <span>
                <input
                  type="checkbox"
                  checked={f.atiende.includes(g)}
                  onChange={(e) =>
                    set({ atiende: e.target.checked ? [...f.atiende, g] : f.atiende.filter((x) => x !== g) })
                  }
                />{' '}
                {GROUP_LABEL[g]}
              </span>
            </label>
          ))}
        </fieldset>
        <label>
          <span>
            <input
              type="checkbox"
              checked={f.aDomicilio}
              onChange={(e) => set({ aDomicilio: e.target.checked })}
            />{' '}
            Servicio a domicilio
          </span>
        </label>
        <label>
          <span>
            <input type="checkbox" checked={f.activa} onChange={(e) => set({ activa: e.target.checked })} />{' '}
            Sede activa
          </span>
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
