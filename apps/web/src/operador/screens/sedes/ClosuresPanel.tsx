import { bogotaToday } from '@togo/domain/bogota-time';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { closureAnswerSchema, type ClosureAnswer } from '@togo/domain/operator/operator-console.contract';
import {
  OPERATOR_OPS_PATHS,
  branchClosureListSchema,
  type BranchClosureEntry,
  type OperatorBranch,
} from '@togo/domain/operator/operator-ops.contract';
import { operatorRequest } from '../../lib/operator-api.ts';
import { useMay } from '../../lib/staff-role.tsx';
import { errorMessage } from '../../lib/ops-error-message.ts';

/** A branch's day closures: list, close a day (bookings to reschedule shown), reopen a future day. */
export function ClosuresPanel({ branch }: { branch: OperatorBranch }) {
  const [fecha, setFecha] = useState('');
  const [motivo, setMotivo] = useState('');
  const [answer, setAnswer] = useState<ClosureAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const today = bogotaToday(new Date());
  const canEdit = useMay('sedes.editar');

  const closures = useQuery({
    queryKey: ['operador', 'cierres', branch.id],
    queryFn: ({ signal }) =>
      operatorRequest(OPERATOR_OPS_PATHS.closures(branch.id), { schema: branchClosureListSchema, signal }),
  });
  const list: BranchClosureEntry[] | null = closures.data ?? null;
  const load = () => void closures.refetch();
  const shownError = error ?? (closures.error && !closures.isFetching ? errorMessage(closures.error) : null);

  async function close(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const res = await operatorRequest(OPERATOR_OPS_PATHS.closures(branch.id), {
        method: 'POST',
        body: { fecha, motivo },
        schema: closureAnswerSchema,
      });
      setAnswer(res);
      setFecha('');
      setMotivo('');
      load();
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  async function reopen(day: string) {
    setError(null);
    try {
      await operatorRequest(OPERATOR_OPS_PATHS.closure(branch.id, day), { method: 'DELETE' });
      load();
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  return (
    <div className="ops-card">
      <h2>Cierres de {branch.nombre}</h2>
      {canEdit && (
        <form className="ops-form" onSubmit={(e) => void close(e)} aria-label="Cerrar un día">
          <label>
            Fecha del cierre
            <input
              type="date"
              required
              min={today}
              value={fecha}
              onChange={(e) => setFecha(e.target.value)}
            />
          </label>
          <label>
            Motivo
            <input required maxLength={300} value={motivo} onChange={(e) => setMotivo(e.target.value)} />
          </label>
          <button type="submit" className="ops-button ops-button--danger">
            Cerrar ese día
          </button>
        </form>
      )}
      {shownError && (
        <p role="alert" className="ops-error">
          {shownError}
        </p>
      )}
      {answer && (
        <div role="status" className="ops-notice">
          <p>
            Sede cerrada el {answer.fecha}.{' '}
            {answer.por_reprogramar.length === 0
              ? 'No había citas ese día.'
              : `Citas por reprogramar (se avisó a cada cliente): ${answer.por_reprogramar.length}.`}
          </p>
          {answer.por_reprogramar.length > 0 && (
            <ul>
              {answer.por_reprogramar.map((b) => (
                <li key={b.id}>
                  {b.hora} · {b.placa} · {b.cliente.nombre} ({b.cliente.correo})
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {list === null && !closures.error && <p role="status">Cargando cierres…</p>}
      {list?.length === 0 && <p className="ops-empty">Esta sede no tiene cierres.</p>}
      {list && list.length > 0 && (
        <ul aria-label="Cierres">
          {list.map((c) => (
            <li key={c.fecha}>
              {c.fecha} — {c.motivo}
              {canEdit && c.fecha >= today && (
                <>
                  {' '}
                  <button
                    type="button"
                    className="ops-button ops-button--ghost"
                    aria-label={`Reabrir el ${c.fecha}`}
                    onClick={() => void reopen(c.fecha)}
                  >
                    Reabrir
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
