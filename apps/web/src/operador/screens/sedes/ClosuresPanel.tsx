import { bogotaToday } from '@togo/domain/bogota-time';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  MAX_CLOSURE_DAYS,
  branchClosureSchema,
  closureAnswerSchema,
  type ClosureAnswer,
} from '@togo/domain/operator/operator-console.contract';
import { Field, fieldA11y } from '../../../components/ui/Field.tsx';
import { fieldErrors } from '../../../lib/api-client.ts';
import {
  OPERATOR_OPS_PATHS,
  branchClosureListSchema,
  type BranchClosureEntry,
  type OperatorBranch,
} from '@togo/domain/operator/operator-ops.contract';
import { operatorRequest } from '../../lib/operator-api.ts';
import { useMay } from '../../lib/staff-role.tsx';
import { errorMessage } from '../../lib/ops-error-message.ts';
import { formatDay } from '../../components/format.ts';

type ClosureErrors = Partial<Record<'fecha' | 'hasta' | 'motivo', string>>;

/** The answer's summary: the days closed, and those of the range that already were. */
function closedText(a: ClosureAnswer): string {
  const when =
    a.fecha === a.hasta ? `el ${formatDay(a.fecha)}` : `del ${formatDay(a.fecha)} al ${formatDay(a.hasta)}`;
  const kept =
    a.ya_cerrados.length > 0
      ? ` Ya estaban cerrados (sin cambios): ${a.ya_cerrados.map(formatDay).join(', ')}.`
      : '';
  return `Sede cerrada ${when}.${kept}`;
}

/**
 * A branch's closures: list, close a day or a range of days (from–to, both included, at most MAX_CLOSURE_DAYS;
 * the bookings to reschedule shown), reopen a future day.
 */
export function ClosuresPanel({ branch }: { branch: OperatorBranch }) {
  const [fecha, setFecha] = useState('');
  const [hasta, setHasta] = useState('');
  const [errors, setErrors] = useState<ClosureErrors>({});
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
    const body = { fecha, ...(hasta ? { hasta } : {}), motivo };
    const parsed = branchClosureSchema.safeParse(body);
    const found: ClosureErrors = {};
    if (!fecha) found.fecha = 'Elige el primer día del cierre.';
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'fecha' || key === 'hasta' || key === 'motivo') found[key] ??= issue.message;
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const res = await operatorRequest(OPERATOR_OPS_PATHS.closures(branch.id), {
        method: 'POST',
        body,
        schema: closureAnswerSchema,
      });
      setAnswer(res);
      setFecha('');
      setHasta('');
      setMotivo('');
      load();
    } catch (err) {
      const atFields: ClosureErrors = {};
      for (const key of ['fecha', 'hasta', 'motivo'] as const) {
        const message = fieldErrors(err, key)[0];
        if (message) atFields[key] = message;
      }
      if (Object.keys(atFields).length > 0) setErrors(atFields);
      else setError(errorMessage(err));
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
        <form className="ops-form" onSubmit={(e) => void close(e)} noValidate aria-label="Cerrar un día">
          <Field id="cierre-fecha" label="Fecha del cierre (desde)" error={errors.fecha}>
            <input
              {...fieldA11y('cierre-fecha', errors.fecha)}
              className="input"
              type="date"
              min={today}
              value={fecha}
              aria-describedby={errors.fecha ? 'cierre-fecha-error' : 'cierre-rango'}
              onChange={(e) => {
                setFecha(e.target.value);
                setErrors(({ fecha: _, ...rest }) => rest);
              }}
            />
          </Field>
          <Field id="cierre-hasta" label="Hasta (incluido)" error={errors.hasta}>
            <input
              {...fieldA11y('cierre-hasta', errors.hasta)}
              className="input"
              type="date"
              min={fecha || today}
              value={hasta}
              aria-describedby={errors.hasta ? 'cierre-hasta-error' : 'cierre-rango'}
              onChange={(e) => {
                setHasta(e.target.value);
                setErrors(({ hasta: _, ...rest }) => rest);
              }}
            />
          </Field>
          <Field id="cierre-motivo" label="Motivo" error={errors.motivo}>
            <input
              {...fieldA11y('cierre-motivo', errors.motivo)}
              className="input"
              maxLength={300}
              value={motivo}
              onChange={(e) => {
                setMotivo(e.target.value);
                setErrors(({ motivo: _, ...rest }) => rest);
              }}
            />
          </Field>
          <p id="cierre-rango" className="ops-hint ops-form__wide">
            Para cerrar un solo día deja vacío «Hasta». Un cierre cubre como máximo {MAX_CLOSURE_DAYS} días.
          </p>
          <button type="submit" className="ops-button ops-button--danger">
            {hasta && hasta !== fecha ? 'Cerrar esos días' : 'Cerrar ese día'}
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
            {closedText(answer)}{' '}
            {answer.por_reprogramar.length === 0
              ? answer.cerrados.length === 1
                ? 'No había citas ese día.'
                : 'No había citas esos días.'
              : `Citas por reprogramar (se avisó a cada cliente): ${answer.por_reprogramar.length}.`}
          </p>
          {answer.por_reprogramar.length > 0 && (
            <ul>
              {answer.por_reprogramar.map((b) => (
                <li key={b.id}>
                  {answer.cerrados.length > 1 ? `${formatDay(b.fecha)} · ` : ''}
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
              {formatDay(c.fecha)} — {c.motivo}
              {canEdit && c.fecha >= today && (
                <>
                  {' '}
                  <button
                    type="button"
                    className="ops-button ops-button--ghost"
                    aria-label={`Reabrir el ${formatDay(c.fecha)}`}
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
