import { useState } from 'react';
import type { ExportFile } from '@togo/domain/operator/operator-content.contract';
import { operatorDownload } from '../../lib/operator-api.ts';
import { operatorErrorMessage } from '../../lib/operator-messages.ts';

const FILES: { file: ExportFile; name: string; label: string }[] = [
  { file: 'catalogs', name: 'catalogs.json', label: 'Catálogos y URLs (catalogs.json)' },
  { file: 'booking', name: 'booking.json', label: 'Sedes y precios (booking.json)' },
  { file: 'pico-y-placa', name: 'pico-y-placa.json', label: 'Pico y placa (pico-y-placa.json)' },
];

/**
 * The seed-format export (GET /api/operador/exportar/{archivo}/, admin): the database's current content in the
 * shape of the data files, downloaded with the staff token.
 */
export function ExportPanel() {
  const [busy, setBusy] = useState<ExportFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function download(file: ExportFile, name: string) {
    setBusy(file);
    setError(null);
    setDone(null);
    try {
      await operatorDownload(`/api/operador/exportar/${file}/`, name);
      setDone(`Se descargó ${name}.`);
    } catch (err) {
      setError(operatorErrorMessage(err, `No pudimos descargar ${name}. Intenta de nuevo.`));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="ct-panel">
      <h2>Exportar datos de referencia</h2>
      <p className="ct-muted">
        El contenido actual en el formato de los archivos iniciales, para guardarlo en el repositorio o
        llevarlo a otro servidor.
      </p>
      <ul className="ct-exports">
        {FILES.map((f) => (
          <li key={f.file}>
            <button
              type="button"
              className="btn btn--secondary"
              disabled={busy !== null}
              aria-busy={busy === f.file}
              onClick={() => void download(f.file, f.name)}
            >
              {busy === f.file ? `Preparando ${f.name}…` : `Descargar ${f.label}`}
            </button>
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="ct-ok">
          {done}
        </p>
      ) : null}
    </div>
  );
}
