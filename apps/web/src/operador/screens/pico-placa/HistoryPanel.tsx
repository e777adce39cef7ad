import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { StaleVersionNotice } from '../../components/StaleVersionNotice.tsx';
import { errorText, isStaleVersion } from '../../lib/operator-messages.ts';
import { cityHistory, revertCity } from './pico-placa-api.ts';
import { formatDateTime } from '../../components/format.ts';

/** Every saved version of a city's rules; restoring one (after confirming) saves it as a new version. */
export function HistoryPanel({
  dane,
  current,
  refreshKey,
  canRevert,
  onReverted,
  onReload,
}: {
  dane: string;
  current: number;
  refreshKey: number;
  /** Without 'pico-placa.editar' the versions are listed without "Restaurar". */
  canRevert: boolean;
  onReverted: (message: string) => void;
  /** Loads the current version again (a revert refused because someone saved since). */
  onReload: () => void;
}) {
  const history = useQuery({
    queryKey: ['operador', 'pico-placa', 'historial', dane, refreshKey],
    queryFn: ({ signal }) => cityHistory(dane, signal),
  });
  const [asking, setAsking] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);

  async function revert(version: number) {
    setAsking(null);
    setBusy(true);
    setError(null);
    setStale(false);
    try {
      const answer = await revertCity(dane, version, current);
      onReverted(`Versión ${version} restaurada como versión ${answer.version}.`);
    } catch (err) {
      if (isStaleVersion(err)) setStale(true);
      else setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="pp-history" aria-labelledby="pp-history-title">
      <h3 id="pp-history-title">Historial</h3>
      {history.isPending ? <p role="status">Cargando historial…</p> : null}
      {history.error && !history.isFetching ? (
        <p role="alert" className="field-error">
          {errorText(history.error)}
        </p>
      ) : null}
      {history.data && history.data.length === 0 ? (
        <p className="pp-muted">Sin cambios hechos en la consola: las reglas son las del archivo inicial.</p>
      ) : null}
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      {stale ? <StaleVersionNotice onReload={onReload} /> : null}
      <ul className="pp-history__list">
        {history.data?.map((v) => (
          <li key={v.version}>
            <span>
              <strong>Versión {v.version}</strong>
              {v.version === 0 ? ' (archivo inicial)' : ''} · {formatDateTime(v.fecha)}
              {v.staff ? ` · ${v.staff}` : ''}
            </span>
            {v.version === current ? (
              <span className="pp-badge">Actual</span>
            ) : canRevert ? (
              <button type="button" className="pp-link" disabled={busy} onClick={() => setAsking(v.version)}>
                Restaurar
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <Dialog
        open={asking !== null}
        variant="warning"
        title="¿Restaurar esta versión?"
        confirmText="Sí, restaurar"
        cancelText="Cancelar"
        onConfirm={() => {
          if (asking !== null) void revert(asking);
        }}
        onCancel={() => setAsking(null)}
      >
        <p>
          Las reglas de la versión {asking} reemplazarán las actuales para todos los conductores. El cambio
          queda en el historial y se puede deshacer.
        </p>
      </Dialog>
    </section>
  );
}
