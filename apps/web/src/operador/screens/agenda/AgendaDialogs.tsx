import { formatDateDmy } from '@togo/domain/alerts/alerts.dates';
import type { AgendaEntry } from '@togo/domain/operator/operator-console.contract';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { CancelDialog } from './CancelDialog.tsx';

/** What the agenda asks to confirm. */
export type Asking =
  | { kind: 'marcar'; estado: 'atendido' | 'no_asistio'; row: AgendaEntry }
  | { kind: 'llegadas'; rows: AgendaEntry[] }
  | { kind: 'cancelar'; row: AgendaEntry }
  | { kind: 'cancelar-todas'; rows: AgendaEntry[] };

/** The confirmations of the agenda's actions. */
export function AgendaDialogs({
  asking,
  close,
  act,
  paidOf,
  fecha,
  closureReason,
}: {
  asking: Asking;
  close: () => void;
  act: {
    change: (
      row: AgendaEntry,
      estado: 'atendido' | 'no_asistio' | 'cancelado',
      reason?: string,
    ) => Promise<void>;
    bulk: (kind: 'llegadas' | 'cancelar-todas', rows: AgendaEntry[], motivo?: string) => Promise<void>;
  };
  paidOf: (rows: AgendaEntry[]) => number;
  fecha: string;
  /** A closed day's reason: what the drivers are told unless staff change it. */
  closureReason?: string;
}) {
  const run = (work: Promise<void>) => {
    close();
    void work;
  };
  if (asking.kind === 'marcar') {
    const { row } = asking;
    const { estado } = asking;
    const checkIn = estado === 'atendido';
    return (
      <ConfirmDialog
        title={checkIn ? `¿Registrar la llegada de ${row.placa}?` : `¿Marcar ${row.placa} como no asistió?`}
        confirmLabel={checkIn ? 'Sí, registrar llegada' : 'Sí, no asistió'}
        onCancel={close}
        onConfirm={() => run(act.change(row, estado))}
      >
        <p>
          {row.hora} · {row.cliente.nombre}. Puedes deshacerlo hoy con «Deshacer».
        </p>
      </ConfirmDialog>
    );
  }
  if (asking.kind === 'llegadas') {
    const plates = asking.rows.map((r) => r.placa).join(', ');
    return (
      <ConfirmDialog
        title={`¿Registrar la llegada de ${asking.rows.length} ${asking.rows.length === 1 ? 'cita' : 'citas'}?`}
        confirmLabel="Sí, registrar llegadas"
        onCancel={close}
        onConfirm={() => run(act.bulk('llegadas', asking.rows))}
      >
        <p>Placas: {plates}. Puedes deshacer cada una hoy con «Deshacer».</p>
      </ConfirmDialog>
    );
  }
  if (asking.kind === 'cancelar') {
    const { row } = asking;
    return (
      <CancelDialog
        title={`¿Cancelar la cita de ${row.placa}?`}
        detail={`${row.hora} · ${row.cliente.nombre}`}
        total={1}
        paid={row.pagado ? 1 : 0}
        confirmLabel="Sí, cancelar"
        onCancel={close}
        onConfirm={(motivo) => run(act.change(row, 'cancelado', motivo))}
      />
    );
  }
  return (
    <CancelDialog
      title={
        asking.rows.length === 1
          ? `¿Cancelar la cita del ${formatDateDmy(fecha)} y avisar al conductor?`
          : `¿Cancelar las ${asking.rows.length} citas del ${formatDateDmy(fecha)} y avisar a cada conductor?`
      }
      detail={`Placas: ${asking.rows.map((r) => r.placa).join(', ')}.`}
      total={asking.rows.length}
      paid={paidOf(asking.rows)}
      initialReason={closureReason}
      confirmLabel="Sí, cancelar y avisar"
      onCancel={close}
      onConfirm={(motivo) => run(act.bulk('cancelar-todas', asking.rows, motivo))}
    />
  );
}
