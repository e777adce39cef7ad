import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  PICO_PLACA_REPORT_REPLY_MAX,
  type OperatorPicoPlacaReport,
} from '@togo/domain/pico-placa/pico-placa-report.contract';
import { errorText } from '../../lib/operator-messages.ts';
import { useMay } from '../../lib/staff-role.tsx';
import { resolveReport } from './pico-placa-api.ts';
import { reportsQuery } from './pico-placa-queries.ts';

const TYPE_LABEL: Record<OperatorPicoPlacaReport['tipo_vehiculo'], string> = {
  particular: 'Carro particular',
  moto: 'Moto',
};

const CERTAINTY_LABEL: Record<OperatorPicoPlacaReport['dijo']['certeza'], string> = {
  vigente: 'vigente',
  por_confirmar: 'por confirmar',
  sin_informacion: 'sin información',
};

function shortDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** What TOGO answered when the driver reported it: the message, its certainty and the rule version. */
function saidText(dijo: OperatorPicoPlacaReport['dijo']): string {
  const version = dijo.version === null ? 'sin regla' : `versión ${dijo.version}`;
  const message = dijo.mensaje || 'Sin información';
  return `${message} (${CERTAINTY_LABEL[dijo.certeza]}, ${version})`;
}

function ResolveForm({
  report,
  onCancel,
  onResolved,
}: {
  report: OperatorPicoPlacaReport;
  onCancel: () => void;
  onResolved: () => void;
}) {
  const [respuesta, setRespuesta] = useState('');
  const id = useId();
  const client = useQueryClient();
  const resolve = useMutation({
    mutationFn: () => resolveReport(report.id, respuesta),
    onSuccess: async () => {
      onResolved();
      await client.invalidateQueries({ queryKey: reportsQuery.queryKey });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    resolve.mutate();
  };
  return (
    <form className="pp-report-form" onSubmit={submit} aria-label={`Resolver el reporte de ${report.ciudad}`}>
      <label className="pp-field" htmlFor={id}>
        Respuesta al conductor (opcional)
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={PICO_PLACA_REPORT_REPLY_MAX}
        value={respuesta}
        onChange={(e) => setRespuesta(e.target.value)}
        aria-describedby={`${id}-count`}
      />
      <p id={`${id}-count`} className="pp-review__rule">
        {respuesta.length}/{PICO_PLACA_REPORT_REPLY_MAX} caracteres. El conductor recibe un aviso en TOGO.
      </p>
      {resolve.error ? (
        <p role="alert" className="field-error">
          {errorText(resolve.error)}
        </p>
      ) : null}
      <button type="submit" className="btn btn--primary" disabled={resolve.isPending}>
        {resolve.isPending ? 'Guardando…' : 'Confirmar: resuelto'}
      </button>{' '}
      <button type="button" className="btn btn--secondary" onClick={onCancel}>
        Cancelar
      </button>
    </form>
  );
}

/**
 * The drivers' reports of a wrong pico y placa answer, in "Por revisar" (issue 33 item 8, decision 104): the city,
 * day, digit, vehicle type, the driver's note and what TOGO said then. Who may edit pico y placa marks one resolved
 * with an optional reply; the driver is notified.
 */
export function ReportList() {
  const mayEdit = useMay('pico-placa.editar');
  const [resolving, setResolving] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = useQuery(reportsQuery);
  return (
    <div className="pp-reports">
      <h3 id="pp-reports-title">Reportes de conductores</h3>
      {list.isPending ? <p role="status">Cargando reportes…</p> : null}
      {list.error && !list.isFetching ? (
        <p role="alert" className="field-error">
          {errorText(list.error)}
        </p>
      ) : null}
      <p role="status" className="pp-muted">
        {done ?? ''}
      </p>
      {list.data?.length === 0 ? (
        <p className="pp-muted">No hay reportes de conductores por revisar.</p>
      ) : null}
      {list.data?.length ? (
        <table className="pp-cities pp-review__table" aria-labelledby="pp-reports-title">
          <thead>
            <tr>
              <th scope="col">Ciudad y fecha</th>
              <th scope="col">Dígito</th>
              <th scope="col">Vehículo</th>
              <th scope="col">Nota del conductor</th>
              <th scope="col">TOGO dijo</th>
              {mayEdit ? <th scope="col">Acción</th> : null}
            </tr>
          </thead>
          <tbody>
            {list.data.map((r) => (
              <tr key={r.id}>
                <th scope="row">
                  {r.ciudad}
                  <span className="pp-review__rule">{shortDate(r.fecha)}</span>
                </th>
                <td>{r.digito}</td>
                <td>{TYPE_LABEL[r.tipo_vehiculo]}</td>
                <td>{r.nota ?? <span className="pp-muted">Sin nota</span>}</td>
                <td>{saidText(r.dijo)}</td>
                {mayEdit ? (
                  <td>
                    {resolving === r.id ? (
                      <ResolveForm
                        report={r}
                        onCancel={() => setResolving(null)}
                        onResolved={() => {
                          setResolving(null);
                          setDone(`Reporte de ${r.ciudad} del ${shortDate(r.fecha)} marcado como resuelto.`);
                        }}
                      />
                    ) : (
                      <button
                        type="button"
                        className="pp-link"
                        aria-label={`Marcar resuelto el reporte de ${r.ciudad} del ${shortDate(r.fecha)}`}
                        onClick={() => {
                          setDone(null);
                          setResolving(r.id);
                        }}
                      >
                        Marcar resuelto
                      </button>
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
