import { formatDateDmy } from '@togo/domain/alerts/alerts.dates';
import { bogotaToday } from '@togo/domain/bogota-time';
import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { serviceLabel } from '@togo/domain/labels';
import {
  AGENDA_PATHS,
  attendanceOpen,
  bulkResultSchema,
  undoOpen,
} from '@togo/domain/operator/operator-agenda.contract';
import { agendaListSchema, type AgendaEntry } from '@togo/domain/operator/operator-console.contract';
import {
  OPERATOR_OPS_PATHS,
  branchClosureListSchema,
  operatorBranchListSchema,
  type OperatorBranch,
} from '@togo/domain/operator/operator-ops.contract';
import { StaleVersionNotice } from '../../components/StaleVersionNotice.tsx';
import { operatorDownload, operatorRequest } from '../../lib/operator-api.ts';
import { isStaleVersion } from '../../lib/operator-messages.ts';
import { useMay } from '../../lib/staff-role.tsx';
import { errorMessage } from '../../lib/ops-error-message.ts';
import { bogotaClock, bulkSummary } from './agenda-summary.ts';
import { AgendaTable, selectable, type RowAction } from './AgendaTable.tsx';
import { AgendaTotals } from './AgendaTotals.tsx';
import { AgendaDialogs, type Asking } from './AgendaDialogs.tsx';
import { agendaQuery, useAgendaParams } from './use-agenda-params.ts';
import '../../components/operator-screens.css';

/** The agenda reloads itself this often while the tab is visible (issue 38). */
export const AGENDA_REFRESH_MS = 60_000;

/**
 * Agenda per branch and day (decision 037; issue 38, decision 114): branch and day in the address, totals by
 * state, a refresh every minute while the tab is visible, check-in and no-show from the booking's day on (each
 * confirmed in a dialog, undone the same day), bulk check-in of the selected bookings, "Cancelar y avisar a
 * todos" on a closed day, and the .xlsx export.
 */
export default function AgendaScreen() {
  const ids = { sede: useId(), fecha: useId(), closedNote: useId(), all: useId() };
  const canAct = useMay('agendamientos.editar');
  const today = bogotaToday(new Date());
  const branchList = useQuery({
    queryKey: ['operador', 'sedes', 'todas'],
    queryFn: ({ signal }) =>
      operatorRequest(OPERATOR_OPS_PATHS.branches, { schema: operatorBranchListSchema, signal }),
  });
  const branches: OperatorBranch[] | null = branchList.data ?? null;
  // The first active branch until one is chosen.
  const { sede, fecha, setSede, setFecha } = useAgendaParams(
    branches?.find((b) => b.activa)?.id ?? '',
    today,
  );
  const [actionError, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const key = sede ? agendaQuery(sede, fecha) : null;
  // The selection belongs to one branch-day: another one starts with none.
  const [selection, setSelection] = useState<{ key: string | null; ids: Set<string> }>({
    key: null,
    ids: new Set(),
  });
  const agenda = useQuery({
    queryKey: ['operador', 'agenda', key],
    queryFn: ({ signal }) =>
      operatorRequest(`/api/operador/agenda/${key}`, { schema: agendaListSchema, signal }),
    enabled: key !== null,
    // Another branch or day keeps the rows on screen until its answer comes.
    placeholderData: keepPreviousData,
    // Other staff and drivers change the day too: reloaded every minute, not while the tab is hidden.
    refetchInterval: AGENDA_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
  // The branch's closures: a closed day says so above its rows (the bookings it affected, issue 38).
  const closures = useQuery({
    queryKey: ['operador', 'sedes', sede, 'cierres'],
    queryFn: ({ signal }) =>
      operatorRequest(OPERATOR_OPS_PATHS.closures(sede), { schema: branchClosureListSchema, signal }),
    enabled: key !== null,
  });
  const closure = key ? closures.data?.find((c) => c.fecha === fecha) : undefined;
  const rows = key ? (agenda.data ?? null) : null;
  // Loading means "no answer for this branch and day yet"; a reload after an action keeps the rows quietly.
  const loading = key !== null && (agenda.isPending || agenda.isPlaceholderData);
  const load = () => void agenda.refetch();
  const loadError = branchList.error ?? (agenda.isFetching ? null : agenda.error);
  const error = actionError ?? (loadError ? errorMessage(loadError) : null);

  const open = attendanceOpen(fecha, today);
  const selectableRows = rows?.filter((r) => selectable(r, open)) ?? [];
  const selectedIds = selection.key === key ? selection.ids : new Set<string>();
  const picked = selectableRows.filter((r) => selectedIds.has(r.id));
  const cancellableRows =
    rows?.filter((r) => ['confirmada', 'pendiente_pago', 'afectada_cierre'].includes(r.estado)) ?? [];

  function select(id: string, on: boolean) {
    const next = new Set(selectedIds);
    if (on) next.add(id);
    else next.delete(id);
    setSelection({ key, ids: next });
  }

  function begin(id: string) {
    setBusy(id);
    setNotice(null);
    setError(null);
    setStale(false);
  }

  function failed(err: unknown) {
    if (isStaleVersion(err)) setStale(true);
    else setError(errorMessage(err));
  }

  async function change(row: AgendaEntry, estado: 'atendido' | 'no_asistio' | 'cancelado', reason?: string) {
    begin(row.id);
    try {
      // The version the agenda showed: a booking changed since (by staff or its driver) is a 409 (decision 096).
      await operatorRequest(`/api/operador/agendamientos/${row.id}/estado/`, {
        method: 'POST',
        body: { estado, ...(reason ? { motivo: reason } : {}) },
        ifMatch: row.version,
      });
      setNotice(
        estado === 'atendido'
          ? `Llegada registrada: ${row.placa}.`
          : estado === 'no_asistio'
            ? `${row.placa} marcado como no asistió.`
            : `Cita de ${row.placa} cancelada${row.pagado ? '; se inició el reembolso' : ''}.`,
      );
      load();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(null);
    }
  }

  async function undo(row: AgendaEntry) {
    begin(row.id);
    try {
      await operatorRequest(AGENDA_PATHS.undo(row.id), { method: 'POST', body: {}, ifMatch: row.version });
      setNotice(`Se deshizo el cambio: ${row.placa} vuelve a estar confirmada.`);
      load();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(null);
    }
  }

  async function bulk(kind: 'llegadas' | 'cancelar-todas', targets: AgendaEntry[], motivo?: string) {
    begin('bulk');
    try {
      const result = await operatorRequest(
        kind === 'llegadas' ? AGENDA_PATHS.bulkCheckIn : AGENDA_PATHS.bulkCancel,
        {
          method: 'POST',
          body: {
            items: targets.map((r) => ({ id: r.id, version: r.version })),
            ...(motivo ? { motivo } : {}),
          },
          schema: bulkResultSchema,
        },
      );
      const summary = bulkSummary(
        result,
        targets,
        kind === 'llegadas'
          ? { one: 'llegada registrada', many: 'llegadas registradas' }
          : { one: 'cita cancelada y avisada', many: 'citas canceladas y avisadas' },
      );
      if (summary.ok) setNotice(summary.text);
      else setError(summary.text);
      setSelection({ key, ids: new Set() });
      load();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(null);
    }
  }

  function onAction(row: AgendaEntry, action: RowAction) {
    if (action === 'deshacer') void undo(row);
    else if (action === 'cancelar') setAsking({ kind: 'cancelar', row });
    else setAsking({ kind: 'marcar', estado: action, row });
  }

  function reloadStale() {
    setStale(false);
    setNotice('Se cargó la versión actual.');
    load();
  }

  async function exportXlsx() {
    setError(null);
    try {
      await operatorDownload(
        `${OPERATOR_OPS_PATHS.agendaXlsx}?sede=${encodeURIComponent(sede)}&fecha=${fecha}`,
        `agenda-${sede}-${fecha}.xlsx`,
      );
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  const allPicked = selectableRows.length > 0 && picked.length === selectableRows.length;
  const paidOf = (list: AgendaEntry[]) => list.filter((r) => r.pagado).length;

  return (
    <section className="ops-screen" aria-labelledby="agenda-title">
      <h1 id="agenda-title">Agenda</h1>
      <div className="ops-toolbar">
        <label htmlFor={ids.sede}>Sede</label>
        <select
          id={ids.sede}
          className="ops-toolbar__branch"
          value={sede}
          onChange={(e) => setSede(e.target.value)}
          disabled={!branches}
        >
          {!branches && <option value="">Cargando sedes…</option>}
          {branches?.map((b) => (
            <option key={b.id} value={b.id}>
              {/* Names repeat across cities and services (issue 38): each option says which one it is. */}
              {b.nombre} · {b.ciudad_nombre} · {serviceLabel(b.servicio)}
            </option>
          ))}
        </select>
        <label htmlFor={ids.fecha}>Fecha</label>
        <input id={ids.fecha} type="date" value={fecha} onChange={(e) => setFecha(e.target.value)} />
        <button type="button" className="ops-button" onClick={() => void exportXlsx()} disabled={!sede}>
          Exportar .xlsx
        </button>
      </div>
      {rows && (
        <div className="ops-agenda-head">
          <AgendaTotals rows={rows} />
          {agenda.dataUpdatedAt > 0 && (
            <p className="ops-hint ops-updated">Actualizado {bogotaClock(agenda.dataUpdatedAt)}</p>
          )}
        </div>
      )}
      {!canAct && (
        <p className="ops-readonly">
          Tu rol puede consultar y exportar la agenda, pero no registrar llegadas, inasistencias ni
          cancelaciones.
        </p>
      )}
      {error && (
        <p role="alert" className="ops-error">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" className="ops-notice">
          {notice}
        </p>
      )}
      {closure && (
        <div className="ops-closed">
          <p>
            <strong>Sede cerrada: {closure.motivo}</strong>
            {rows && rows.length > 0 ? ' · Estas citas quedaron afectadas por el cierre.' : null}
          </p>
          {canAct && cancellableRows.length > 0 && (
            <button
              type="button"
              className="ops-button ops-button--danger"
              disabled={busy !== null}
              onClick={() => setAsking({ kind: 'cancelar-todas', rows: cancellableRows })}
            >
              Cancelar y avisar a todos
            </button>
          )}
        </div>
      )}
      {canAct && !open && rows && rows.some((r) => r.estado === 'confirmada') && (
        <p id={ids.closedNote} className="ops-readonly">
          Podrás registrar llegadas e inasistencias desde el día de la cita ({formatDateDmy(fecha)}).
        </p>
      )}
      {canAct && selectableRows.length > 0 && (
        <div className="ops-bulk" role="group" aria-label="Acciones con varias citas">
          <label className="ops-check" htmlFor={ids.all}>
            <input
              id={ids.all}
              type="checkbox"
              checked={allPicked}
              onChange={(e) =>
                setSelection({ key, ids: new Set(e.target.checked ? selectableRows.map((r) => r.id) : []) })
              }
            />
            Seleccionar todas las confirmadas ({selectableRows.length})
          </label>
          <button
            type="button"
            className="ops-button"
            disabled={picked.length === 0 || busy !== null}
            onClick={() => setAsking({ kind: 'llegadas', rows: picked })}
          >
            Registrar llegada de las seleccionadas ({picked.length})
          </button>
        </div>
      )}
      {stale ? <StaleVersionNotice onReload={reloadStale} /> : null}
      {loading && !error && <p role="status">Cargando agenda…</p>}
      {rows && rows.length === 0 && <p className="ops-empty">No hay citas para esta sede ese día.</p>}
      {rows && rows.length > 0 && (
        <AgendaTable
          rows={rows}
          caption={`Citas de ${sede} el ${formatDateDmy(fecha)}`}
          loading={loading}
          canAct={canAct}
          attendanceOpen={open}
          undoOpen={undoOpen(fecha, today)}
          closedNoteId={ids.closedNote}
          busy={busy}
          selected={selectedIds}
          onSelect={select}
          onAction={onAction}
        />
      )}
      {canAct && asking && (
        <AgendaDialogs
          asking={asking}
          close={() => setAsking(null)}
          act={{ change, bulk }}
          paidOf={paidOf}
          fecha={fecha}
          closureReason={closure?.motivo}
        />
      )}
    </section>
  );
}
