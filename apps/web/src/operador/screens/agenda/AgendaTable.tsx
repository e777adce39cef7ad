import { bookingStateLabel, refundStateLabel, serviceLabel } from '@togo/domain/labels';
import type { AgendaEntry } from '@togo/domain/operator/operator-console.contract';

export type RowAction = 'atendido' | 'no_asistio' | 'cancelar' | 'deshacer';

export interface AgendaTableProps {
  rows: readonly AgendaEntry[];
  caption: string;
  loading: boolean;
  canAct: boolean;
  /** Check-in and no-show open (the booking's day or after, decision 114). */
  attendanceOpen: boolean;
  /** Undo open (the booking's own day). */
  undoOpen: boolean;
  /** The id of the note that explains why check-in is closed (the disabled buttons' description). */
  closedNoteId: string;
  busy: string | null;
  selected: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
  onAction: (row: AgendaEntry, action: RowAction) => void;
}

/** Whether a row can be picked for the bulk check-in. */
export const selectable = (r: AgendaEntry, attendanceOpen: boolean) =>
  attendanceOpen && r.estado === 'confirmada';

/**
 * The day's bookings. Client and phone share a cell, as do payment and refund, so the actions stay on screen at
 * 820 px (issue 38); a trámite booking names its trámites. With `canAct`, confirmed bookings get a checkbox
 * (labelled with the plate, on the same line) for the bulk check-in.
 */
export function AgendaTable(p: AgendaTableProps) {
  return (
    <div className="ops-table-wrap">
      <table className="ops-table ops-agenda-table" aria-busy={p.loading}>
        <caption className="ops-sr-only">{p.caption}</caption>
        <thead>
          <tr>
            <th scope="col">Hora</th>
            <th scope="col">Placa</th>
            <th scope="col">Servicio</th>
            <th scope="col">Cliente</th>
            <th scope="col">Estado</th>
            <th scope="col">Pago</th>
            {p.canAct && <th scope="col">Acciones</th>}
          </tr>
        </thead>
        <tbody>
          {p.rows.map((r) => (
            <Row key={r.id} row={r} {...p} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Row({ row: r, ...p }: AgendaTableProps & { row: AgendaEntry }) {
  const confirmed = r.estado === 'confirmada';
  const cancellable = confirmed || r.estado === 'pendiente_pago' || r.estado === 'afectada_cierre';
  const undoable = p.undoOpen && (r.estado === 'atendido' || r.estado === 'no_asistio');
  const busy = p.busy === r.id;
  const closed = p.attendanceOpen ? undefined : p.closedNoteId;
  return (
    <tr>
      <td>{r.hora}</td>
      <td className="ops-nowrap">
        {p.canAct && selectable(r, p.attendanceOpen) ? (
          <label className="ops-check">
            <input
              type="checkbox"
              checked={p.selected.has(r.id)}
              onChange={(e) => p.onSelect(r.id, e.target.checked)}
            />
            <span className="ops-sr-only">Seleccionar</span> {r.placa}
          </label>
        ) : (
          r.placa
        )}
      </td>
      <td>
        {serviceLabel(r.servicio)}
        {r.tramites.length > 0 && <span className="ops-sub">{r.tramites.join(', ')}</span>}
      </td>
      <td>
        {r.cliente.nombre}
        <span className="ops-sub">{r.cliente.telefono ?? 'Sin teléfono'}</span>
      </td>
      <td>{bookingStateLabel(r.estado)}</td>
      <td>
        {r.pagado ? 'Pagado' : 'Sin pagar'}
        {r.estado_reembolso && <span className="ops-sub">{refundStateLabel(r.estado_reembolso)}</span>}
      </td>
      {p.canAct && (
        <td>
          <div className="ops-actions">
            {confirmed && (
              <>
                <button
                  type="button"
                  className="ops-button"
                  disabled={busy || !p.attendanceOpen}
                  aria-describedby={closed}
                  aria-label={`Registrar llegada de ${r.placa}`}
                  onClick={() => p.onAction(r, 'atendido')}
                >
                  Registrar llegada
                </button>
                <button
                  type="button"
                  className="ops-button ops-button--ghost"
                  disabled={busy || !p.attendanceOpen}
                  aria-describedby={closed}
                  aria-label={`No asistió ${r.placa}`}
                  onClick={() => p.onAction(r, 'no_asistio')}
                >
                  No asistió
                </button>
              </>
            )}
            {undoable && (
              <button
                type="button"
                className="ops-button ops-button--ghost"
                disabled={busy}
                aria-label={`Deshacer «${bookingStateLabel(r.estado)}» de ${r.placa}`}
                onClick={() => p.onAction(r, 'deshacer')}
              >
                Deshacer
              </button>
            )}
            {cancellable && (
              <button
                type="button"
                className="ops-button ops-button--danger"
                disabled={busy}
                aria-label={`Cancelar cita de ${r.placa}`}
                onClick={() => p.onAction(r, 'cancelar')}
              >
                Cancelar
              </button>
            )}
          </div>
        </td>
      )}
    </tr>
  );
}
