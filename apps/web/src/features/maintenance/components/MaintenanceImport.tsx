import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  MAINTENANCE_IMPORT_MAX_BYTES,
  MAINTENANCE_IMPORT_MSG as IMSG,
  type MaintenanceImportResult,
} from '@togo/domain/maintenance/maintenance-import.contract';
import { errorDetail, fieldErrors, isApiError } from '../../../lib/api-client.ts';
import { downloadImportTemplate, uploadMaintenanceImport } from '../api/maintenance-import.ts';
import '../fleet-costs.css';

const GENERIC = 'No pudimos importar el archivo. Intenta de nuevo.';

function importError(error: unknown): string {
  if (isApiError(error) && error.status === 413) return IMSG.tooLarge;
  if (isApiError(error) && error.status === 403) return 'Tu rol en la organización solo permite consultar.';
  return fieldErrors(error, 'file')[0] ?? errorDetail(error) ?? GENERIC;
}

const n = (value: number) => value.toLocaleString('es-CO');

function Summary({ result }: { result: MaintenanceImportResult }) {
  return (
    <div className="mto-import__summary">
      <p className="mto-card__subtitle">Importación terminada: «{result.nombre_archivo}»</p>
      <dl className="mto-facts">
        <div className="mto-fact">
          <dt>Filas leídas</dt>
          <dd>{n(result.filas)}</dd>
        </div>
        <div className="mto-fact">
          <dt>Mantenimientos importados</dt>
          <dd>{n(result.importadas)}</dd>
        </div>
        <div className="mto-fact">
          <dt>Ya estaban importados</dt>
          <dd>{n(result.repetidas)}</dd>
        </div>
        <div className="mto-fact">
          <dt>Filas con errores</dt>
          <dd>{n(result.errores.length)}</dd>
        </div>
      </dl>
      {result.errores.length > 0 ? (
        <div className="mto-table-wrap" tabIndex={0} role="region" aria-label="Filas con errores">
          <table className="mto-table">
            <caption className="mto-import__caption">
              Filas con errores (no se guardaron: corrígelas y vuelve a subir el archivo)
            </caption>
            <thead>
              <tr>
                <th scope="col">Fila</th>
                <th scope="col">Placa</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {result.errores.map((e) => (
                <tr key={e.fila}>
                  <th scope="row">{e.fila}</th>
                  <td>{e.placa}</td>
                  <td>{e.mensaje}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Import of past services from a spreadsheet (issue 39 "Companies", decision 092): the template, the file, the
 * upload's progress bar, then the summary and the rows refused with their reasons. Not shown to a consulta member.
 */
export function MaintenanceImport() {
  const inputId = useId();
  const progressId = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(0);
  const [result, setResult] = useState<MaintenanceImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = (chosen: File | null) => {
    setResult(null);
    setError(null);
    if (chosen && chosen.size > MAINTENANCE_IMPORT_MAX_BYTES) {
      setFile(null);
      setError(IMSG.tooLarge);
      return;
    }
    if (chosen && !chosen.name.toLowerCase().endsWith('.xlsx')) {
      setFile(null);
      setError(IMSG.invalidFile);
      return;
    }
    setFile(chosen);
  };

  const submit = async () => {
    if (!file) {
      setError(IMSG.noFile);
      return;
    }
    setSending(true);
    setSent(0);
    setError(null);
    setResult(null);
    try {
      setResult(await uploadMaintenanceImport(file, setSent));
      void queryClient.invalidateQueries({ queryKey: ['maintenance'] });
    } catch (err) {
      setError(importError(err));
    } finally {
      setSending(false);
    }
  };

  const template = async () => {
    try {
      await downloadImportTemplate();
    } catch {
      setError('No pudimos descargar la plantilla. Intenta de nuevo.');
    }
  };

  const percent = Math.round(sent * 100);
  return (
    <section className="mto-card mto-import" aria-labelledby="mto-import-title">
      <h2 id="mto-import-title" className="mto-card__title">
        Importar historial de mantenimiento
      </h2>
      <p className="mto-muted">
        Sube los servicios pasados de tus vehículos en la plantilla de Excel (placa, fecha, kilometraje, tipo,
        descripción, costo y taller). Subir el mismo archivo otra vez no duplica nada.
      </p>
      <button type="button" className="btn btn--secondary" onClick={() => void template()}>
        Descargar plantilla (.xlsx)
      </button>
      <div className="mto-import__form">
        <label htmlFor={inputId} className="mto-import__label">
          Archivo .xlsx
        </label>
        <input
          id={inputId}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={sending}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
        />
        <button type="button" className="btn btn--primary" onClick={() => void submit()} disabled={sending}>
          {sending ? 'Importando…' : 'Importar'}
        </button>
      </div>
      <div aria-live="polite">
        {sending ? (
          <div className="mto-import__progress">
            <span id={progressId}>
              {percent < 100 ? `Subiendo archivo: ${percent}%` : 'Revisando e importando las filas…'}
            </span>
            <progress aria-labelledby={progressId} max={100} value={percent} />
          </div>
        ) : null}
        {result ? <Summary result={result} /> : null}
      </div>
      {error ? (
        <p className="mto-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
