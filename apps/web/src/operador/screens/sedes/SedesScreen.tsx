import { useEffect, useState } from 'react';
import {
  OPERATOR_OPS_PATHS,
  operatorBranchListSchema,
  type OperatorBranch,
} from '@togo/domain/operator/operator-ops.contract';
import { operatorRequest } from '../../lib/operator-api.ts';
import { errorMessage } from '../shared.ts';
import { BranchForm } from './BranchForm.tsx';
import { ClosuresPanel } from './ClosuresPanel.tsx';
import '../operator-screens.css';

const hours = (b: OperatorBranch) =>
  `L-V ${b.horario.lunes_viernes.apertura}–${b.horario.lunes_viernes.cierre}` +
  (b.horario.sabado ? ` · Sáb ${b.horario.sabado.apertura}–${b.horario.sabado.cierre}` : ' · Sáb cerrado');

/** Branches: list, create, edit and day closures (decision 037). */
export default function SedesScreen() {
  const [list, setList] = useState<OperatorBranch[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<OperatorBranch | 'new' | null>(null);
  const [closing, setClosing] = useState<OperatorBranch | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const ctrl = new AbortController();
    operatorRequest(OPERATOR_OPS_PATHS.branches, { schema: operatorBranchListSchema, signal: ctrl.signal })
      .then(setList)
      .catch((err: unknown) => {
        if (!ctrl.signal.aborted) setError(errorMessage(err));
      });
    return () => ctrl.abort();
  }, [version]);

  return (
    <section className="ops-screen" aria-labelledby="sedes-title">
      <h1 id="sedes-title">Sedes</h1>
      <div className="ops-toolbar">
        <button type="button" className="ops-button" onClick={() => setEditing('new')}>
          Nueva sede
        </button>
      </div>
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
      {editing && (
        <BranchForm
          key={editing === 'new' ? 'new' : editing.id}
          branch={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(b) => {
            setEditing(null);
            setNotice(`Sede ${b.nombre} guardada.`);
            setVersion((v) => v + 1);
          }}
        />
      )}
      {closing && <ClosuresPanel key={closing.id} branch={closing} />}
      {!list && !error && <p role="status">Cargando sedes…</p>}
      {list?.length === 0 && <p className="ops-empty">No hay sedes.</p>}
      {list && list.length > 0 && (
        <div className="ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">Sede</th>
                <th scope="col">Servicio</th>
                <th scope="col">Ciudad</th>
                <th scope="col">Horario</th>
                <th scope="col">Capacidad/hora</th>
                <th scope="col">Atiende</th>
                <th scope="col">Estado</th>
                <th scope="col">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {list.map((b) => (
                <tr key={b.id}>
                  <td>
                    {b.nombre}
                    <br />
                    <small>{b.id}</small>
                  </td>
                  <td>{b.servicio}</td>
                  <td>{b.ciudad}</td>
                  <td>{hours(b)}</td>
                  <td>{b.capacidad}</td>
                  <td>
                    {b.atiende.join(', ')}
                    {b.a_domicilio ? ' · a domicilio' : ''}
                  </td>
                  <td>{b.activa ? 'Activa' : 'Inactiva'}</td>
                  <td className="ops-actions">
                    <button
                      type="button"
                      className="ops-button"
                      aria-label={`Editar ${b.nombre}`}
                      onClick={() => setEditing(b)}
                    >
                      Editar
                    </button>
                    <button
                      type="button"
                      className="ops-button ops-button--ghost"
                      aria-label={`Cierres de ${b.nombre}`}
                      onClick={() => setClosing(b)}
                    >
                      Cierres
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
