import { bogotaToday } from '@togo/domain/bogota-time';
import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { bookingStateLabel, refundStateLabel, serviceLabel } from '@togo/domain/labels';
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
import '../../components/operator-screens.css';

type Action = 'atendido' | 'no_asistio' | 'cancelado';

/** Agenda per branch and day: check-in, no-show, cancel (with a reason) and the .xlsx export (decision 037). */
export default function AgendaScreen() {
  const ids = { sede: useId(), fecha: useId(), motivo: useId() };
  const canAct = useMay('agendamientos.editar');
  const branchList = useQuery({
    queryKey: ['operador', 'sedes', 'todas'],
    queryFn: ({ signal }) =>
      operatorRequest(OPERATOR_OPS_PATHS.branches, { schema: operatorBranchListSchema, signal }),
  });
  const branches: OperatorBranch[] | null = branchList.data ?? null;
  // The first active branch until one is chosen.
  const [chosen, setSede] = useState('');
  const sede = chosen || branches?.find((b) => b.activa)?.id || '';
  const [fecha, setFecha] = useState(bogotaToday(new Date()));
  const [actionError, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [cancelling, setCancelling] = useState<AgendaEntry | null>(null);
  const [motivo, setMotivo] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  const key =
    sede && /^\d{4}-\d{2}-\d{2}$/.test(fecha) ? `?sede=${encodeURIComponent(sede)}&fecha=${fecha}` : null;
  const agenda = useQuery({
    queryKey: ['operador', 'agenda', key],
    queryFn: ({ signal }) =>
      operatorRequest(`/api/operador/agenda/${key}`, { schema: agendaListSchema, signal }),
    enabled: key !== null,
    // Another branch or day keeps the rows on screen until its answer comes.
    placeholderData: keepPreviousData,
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

  async function change(row: AgendaEntry, estado: Action, reason?: string) {
    setBusy(row.id);
    setNotice(null);
    setError(null);
    setStale(false);
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
      if (isStaleVersion(err)) setStale(true);
      else setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
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

  return (
    <section className="ops-screen" aria-labelledby="agenda-title">
      <h1 id="agenda-title">Agenda</h1>
      <div className="ops-toolbar">
        <label htmlFor={ids.sede}>Sede</label>
        <select id={ids.sede} value={sede} onChange={(e) => setSede(e.target.value)} disabled={!branches}>
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
        <p className="ops-closed">
          <strong>Sede cerrada: {closure.motivo}</strong>
          {rows && rows.length > 0 ? ' · Estas citas quedaron afectadas por el cierre.' : null}
        </p>
      )}
      {stale ? <StaleVersionNotice onReload={reloadStale} /> : null}
      {loading && !error && <p role="status">Cargando agenda…</p>}
      {rows && rows.length === 0 && <p className="ops-empty">No hay citas para esta sede ese día.</p>}
      {rows && rows.length > 0 && (
        <div className="ops-table-wrap">
          <table className="ops-table" aria-busy={loading}>
            <caption className="ops-sr-only">
              Citas de {sede} el {fecha}
            </caption>
            <thead>
              <tr>
                <th scope="col">Hora</th>
                <th scope="col">Placa</th>
                <th scope="col">Servicio</th>
                <th scope="col">Cliente</th>
                <th scope="col">Teléfono</th>
                <th scope="col">Estado</th>
                <th scope="col">Pagado</th>
                <th scope="col">Reembolso</th>
                {canAct && <th scope="col">Acciones</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const open = r.estado === 'confirmada';
                const cancellable = open || r.estado === 'pendiente_pago' || r.estado === 'afectada_cierre';
                return (
                  <tr key={r.id}>
                    <td>{r.hora}</td>
                    <td>{r.placa}</td>
                    <td>{serviceLabel(r.servicio)}</td>
                    <td>{r.cliente.nombre}</td>
                    <td>{r.cliente.telefono ?? '—'}</td>
                    <td>{bookingStateLabel(r.estado)}</td>
                    <td>{r.pagado ? 'Sí' : 'No'}</td>
                    <td>{r.estado_reembolso ? refundStateLabel(r.estado_reembolso) : '—'}</td>
                    {canAct && (
                      <td className="ops-actions">
                        {open && (
                          <>
                            <button
                              type="button"
                              className="ops-button"
                              disabled={busy === r.id}
                              aria-label={`Registrar llegada de ${r.placa}`}
                              onClick={() => void change(r, 'atendido')}
                            >
                              Registrar llegada
                            </button>
                            <button
                              type="button"
                              className="ops-button ops-button--ghost"
                              disabled={busy === r.id}
                              aria-label={`No asistió ${r.placa}`}
                              onClick={() => void change(r, 'no_asistio')}
                            >
                              No asistió
                            </button>
                          </>
                        )}
                        {cancellable && (
                          <button
                            type="button"
                            className="ops-button ops-button--danger"
                            disabled={busy === r.id}
                            aria-label={`Cancelar cita de ${r.placa}`}
                            onClick={() => {
                              setMotivo('');
                              setCancelling(r);
                            }}
                          >
                            Cancelar
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {cancelling && canAct && (
        <div className="ops-backdrop">
          <div role="dialog" aria-modal="true" aria-labelledby="cancel-title" className="ops-dialog">
            <h2 id="cancel-title">¿Cancelar la cita de {cancelling.placa}?</h2>
            <p>
              {cancelling.hora} · {cancelling.cliente.nombre}
            </p>
            {cancelling.pagado && (
              <p className="ops-notice">
                Esta cita está pagada: al cancelarla se pedirá el reembolso del pago.
              </p>
            )}
            <label htmlFor={ids.motivo}>Motivo</label>
            <p id={`${ids.motivo}-ayuda`} className="ops-hint">
              El conductor recibirá este motivo en el aviso de la cancelación.
            </p>
            <textarea
              id={ids.motivo}
              aria-describedby={`${ids.motivo}-ayuda`}
              value={motivo}
              maxLength={500}
              autoFocus
              onChange={(e) => setMotivo(e.target.value)}
            />
            <div className="ops-dialog__buttons">
              <button
                type="button"
                className="ops-button ops-button--ghost"
                onClick={() => setCancelling(null)}
              >
                Volver
              </button>
              <button
                type="button"
                className="ops-button ops-button--danger"
                disabled={motivo.trim().length === 0}
                onClick={() => {
                  const row = cancelling;
                  setCancelling(null);
                  void change(row, 'cancelado', motivo.trim());
                }}
              >
                Sí, cancelar
              </button>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
