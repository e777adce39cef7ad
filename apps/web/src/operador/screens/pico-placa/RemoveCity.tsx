import { useState } from 'react';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { StaleVersionNotice } from '../../components/StaleVersionNotice.tsx';
import { errorText, isStaleVersion } from '../../lib/operator-messages.ts';
import { removeCity } from './pico-placa-api.ts';

/**
 * "Eliminar ciudad" (issue 33): removes a city created in the console by mistake, after confirming. The API
 * refuses a city that comes with TOGO's data (409), and its message is shown here; a city saved since `version`
 * was read is not removed (409, decision 096): the notice offers to load the current version.
 */
export function RemoveCity({
  dane,
  name,
  version,
  onRemoved,
  onReload,
}: {
  dane: string;
  name: string;
  version: number;
  onRemoved: () => void;
  onReload: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);

  async function remove() {
    setAsking(false);
    setBusy(true);
    setError(null);
    setStale(false);
    try {
      await removeCity(dane, version);
      onRemoved();
    } catch (err) {
      if (isStaleVersion(err)) setStale(true);
      else setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="pp-remove">
      <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => setAsking(true)}>
        Eliminar ciudad
      </button>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      {stale ? <StaleVersionNotice onReload={onReload} /> : null}
      <Dialog
        open={asking}
        variant="warning"
        title={`¿Eliminar ${name}?`}
        confirmText="Sí, eliminar"
        cancelText="Cancelar"
        onConfirm={() => void remove()}
        onCancel={() => setAsking(false)}
      >
        <p>
          Solo se elimina una ciudad creada por error en la consola: sus reglas y su historial se borran y los
          conductores de {name} verán «Sin información».
        </p>
      </Dialog>
    </div>
  );
}
