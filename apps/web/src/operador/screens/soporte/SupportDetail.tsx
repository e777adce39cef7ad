import { useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import type { SupportUserDetail } from '@togo/domain/operator/operator-support.contract';
import { isApiError } from '../../../lib/api-client.ts';
import { fetchUser, supportKeys } from './support-api.ts';
import { operatorErrorMessage } from '../../lib/operator-messages.ts';
import { formatInstant } from './support-labels.ts';
import { SupportActions } from './SupportActions.tsx';
import { BookingsTable, DeliveriesTable, VehiclesTable } from './SupportLists.tsx';
import { useMay } from '../../lib/staff-role.tsx';

const TABS = [
  { id: 'vehiculos', label: 'Vehículos' },
  { id: 'agendamientos', label: 'Agendamientos' },
  { id: 'avisos', label: 'Avisos' },
] as const;
type Tab = (typeof TABS)[number]['id'];

function Facts({ user }: { user: SupportUserDetail }) {
  const rows: [string, string][] = [
    ['Correo', user.correo],
    ['Teléfono', user.telefono ?? 'Sin teléfono'],
    ['Documento', user.documento ? `${user.tipo_documento} ${user.documento}` : 'Sin documento'],
    ['Correo verificado', user.verificado ? 'Sí' : 'No'],
    ['Sesiones activas', String(user.sesiones_activas)],
    ['Registro', formatInstant(user.creado)],
  ];
  if (user.correo_pendiente) rows.splice(1, 0, ['Cambio de correo pendiente', user.correo_pendiente]);
  return (
    <dl className="sp-facts">
      {rows.map(([k, v]) => (
        <div key={k} className="sp-facts__item">
          <dt>{k}</dt>
          <dd className="sp-break">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Tabs({ user }: { user: SupportUserDetail }) {
  const [tab, setTab] = useState<Tab>('vehiculos');
  const refs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const counts: Record<Tab, number> = {
    vehiculos: user.vehiculos.length,
    agendamientos: user.agendamientos.total,
    avisos: user.avisos.total,
  };
  const onKey = (event: KeyboardEvent) => {
    const i = TABS.findIndex((t) => t.id === tab);
    const next =
      event.key === 'ArrowRight'
        ? (i + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (i + TABS.length - 1) % TABS.length
          : -1;
    if (next < 0) return;
    event.preventDefault();
    const id = TABS[next]!.id;
    setTab(id);
    refs.current[id]?.focus();
  };
  return (
    <>
      <div className="sp-tabs" role="tablist" aria-label="Datos del conductor" onKeyDown={onKey}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            id={`sp-tab-${t.id}`}
            type="button"
            role="tab"
            className="sp-tab"
            aria-selected={tab === t.id}
            aria-controls={`sp-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
          >
            {t.label} <span className="sp-count">{counts[t.id]}</span>
          </button>
        ))}
      </div>
      <div
        id={`sp-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`sp-tab-${tab}`}
        className="sp-panel"
        tabIndex={0}
      >
        {tab === 'vehiculos' ? <VehiclesTable vehicles={user.vehiculos} /> : null}
        {tab === 'agendamientos' ? <BookingsTable user={user} /> : null}
        {tab === 'avisos' ? <DeliveriesTable user={user} /> : null}
      </div>
    </>
  );
}

/** /operador/soporte/{id}: a driver's account, vehicles, bookings and notices, and the support actions. */
export function SupportDetail() {
  const { id: raw } = useParams();
  const location = useLocation();
  const id = Number(raw);
  const valid = Number.isInteger(id) && id > 0;
  const canAct = useMay('usuarios.soporte');
  const user = useQuery({
    queryKey: supportKeys.user(id),
    queryFn: ({ signal }) => fetchUser(id, signal),
    enabled: valid,
  });
  const back = (location.state as { search?: string } | null)?.search ?? '';

  const backLink = (
    <Link to={`..${back}`} relative="path" className="sp-back">
      ← Volver a la búsqueda
    </Link>
  );

  if (!valid || (user.isError && isApiError(user.error) && user.error.status === 404)) {
    return (
      <>
        {backLink}
        <p className="sp-empty" role="alert">
          No encontramos este conductor.
        </p>
      </>
    );
  }
  if (user.isPending) {
    return (
      <>
        {backLink}
        <p className="sp-loading" role="status">
          <span className="op-spinner" aria-hidden="true" /> Cargando conductor…
        </p>
      </>
    );
  }
  if (user.isError) {
    return (
      <>
        {backLink}
        <div className="op-alert op-alert--error" role="alert">
          <p>{operatorErrorMessage(user.error, 'No pudimos cargar el conductor.')}</p>
          <button type="button" className="btn btn--secondary op-btn-sm" onClick={() => void user.refetch()}>
            Reintentar
          </button>
        </div>
      </>
    );
  }
  const u = user.data;
  return (
    <>
      {backLink}
      <article className="sp-card" aria-labelledby="sp-user-name">
        <header className="sp-card__head">
          <h2 id="sp-user-name" className="sp-subtitle">
            {u.nombre || 'Sin nombre'}
          </h2>
          <div className="sp-badges">
            {u.eliminado ? <span className="sp-badge sp-badge--error">Cuenta eliminada</span> : null}
            {u.bloqueado ? (
              <span className="sp-badge sp-badge--error">
                Bloqueado{u.bloqueado_hasta ? ` hasta ${formatInstant(u.bloqueado_hasta)}` : ''}
              </span>
            ) : (
              <span className="sp-badge sp-badge--ok">Sin bloqueo</span>
            )}
          </div>
        </header>
        <Facts user={u} />
        {canAct ? (
          <SupportActions
            userId={u.id}
            nombre={u.nombre || 'este conductor'}
            emailChange={Boolean(u.correo_pendiente)}
          />
        ) : (
          <p className="op-muted">Tu rol puede consultar, pero no realizar acciones de soporte.</p>
        )}
      </article>
      <Tabs user={u} />
    </>
  );
}
