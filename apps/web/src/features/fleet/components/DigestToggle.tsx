import { FLEET_DIGEST_MSG } from '@togo/domain/fleet/fleet-digest.contract';
import { useDigestPreviewMutation, useDigestSettingsQuery, useSetDigestMutation } from '../api/digest.ts';

/**
 * The weekly digest switch (decision 038): every member sees whether it is on; only an administrador changes
 * it. A failed change shows an alert and the switch keeps the stored value. An administrador can have this week's
 * digest sent to themself now ("Enviarme una vista previa ahora", issue 37) to see what Monday's will say.
 */
export function DigestToggle({ canChange }: { canChange: boolean }) {
  const query = useDigestSettingsQuery();
  const save = useSetDigestMutation();
  const preview = useDigestPreviewMutation();
  const activo = query.data?.activo;
  return (
    <div className="fleet-card fleet-digest">
      <h2 className="fleet-card__title">Resumen semanal por correo</h2>
      <p className="fleet-digest__text">
        Cada lunes a las 7:00 a. m. los administradores reciben lo que vence en 30 días, las multas nuevas y
        los vehículos sin SOAT o revisión técnico-mecánica vigente.
      </p>
      {query.isPending ? (
        <p role="status">Cargando…</p>
      ) : query.isError ? (
        <p>No se pudo consultar el resumen semanal.</p>
      ) : (
        <label className="fleet-digest__switch">
          <input
            type="checkbox"
            role="switch"
            checked={Boolean(activo)}
            aria-checked={Boolean(activo)}
            disabled={!canChange || save.isPending}
            onChange={(e) => save.mutate({ activo: e.target.checked })}
          />
          {activo ? 'Activado' : 'Desactivado'}
          {!canChange ? (
            <span className="fleet-digest__hint"> (solo un administrador puede cambiarlo)</span>
          ) : null}
        </label>
      )}
      {save.isError ? <p role="alert">No se pudo guardar el cambio, intenta nuevamente.</p> : null}
      {canChange ? (
        <div className="fleet-digest__preview">
          <button
            type="button"
            className="btn btn--secondary"
            disabled={preview.isPending}
            onClick={() => preview.mutate()}
          >
            {preview.isPending ? 'Enviando vista previa…' : 'Enviarme una vista previa ahora'}
          </button>
          <p role="status" className="fleet-digest__hint">
            {preview.data ? FLEET_DIGEST_MSG.previewSent(preview.data.enviado_a) : ''}
          </p>
          {preview.isError ? (
            <p role="alert">No pudimos enviar la vista previa. Intenta de nuevo en unos minutos.</p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
