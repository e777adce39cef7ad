import { useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { FLEET_DRIVER_PHOTO_MAX_BYTES, FLEET_MSG } from '@togo/domain/fleet/fleet.contract';
import { errorDetail, fieldErrors } from '../../../lib/api-client.ts';
import { useDriverPhotoMutation } from '../api/driver-photo.ts';

const PHOTO_TYPES = ['image/jpeg', 'image/png'];

/** The client's own check (the server decides by content): JPEG/PNG and at most 5 MB. */
function checkPhoto(file: File): string | null {
  if (file.type && !PHOTO_TYPES.includes(file.type)) return FLEET_MSG.photoType;
  if (file.size > FLEET_DRIVER_PHOTO_MAX_BYTES) return FLEET_MSG.photoTooLarge;
  return null;
}

/** The server's Spanish message ({detail} or {foto: [...]}) or a general one. */
function photoError(error: unknown, removing: boolean): string {
  return (
    errorDetail(error) ??
    fieldErrors(error, 'foto')[0] ??
    (removing
      ? 'No pudimos quitar la foto. Intenta de nuevo.'
      : 'No pudimos actualizar la foto. Intenta de nuevo.')
  );
}

export interface DriverPhotoControlsProps {
  vehicleId: number;
  hasPhoto: boolean;
}

/**
 * 'Cambiar foto' (a button that opens the file picker, so it works from the keyboard) and 'Quitar foto' for the
 * photo of the vehicle's driver. While the request runs both are disabled and a progress bar shows; a failure
 * shows the server's message.
 */
export function DriverPhotoControls({ vehicleId, hasPhoto }: DriverPhotoControlsProps) {
  const input = useRef<HTMLInputElement>(null);
  const mutation = useDriverPhotoMutation(vehicleId);
  const [localError, setLocalError] = useState<string | null>(null);
  const busy = mutation.isPending;
  const removing = mutation.variables === null;

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkPhoto(file);
    setLocalError(problem);
    mutation.reset();
    if (!problem) mutation.mutate(file);
  };

  const onRemove = () => {
    setLocalError(null);
    mutation.mutate(null);
  };

  const error = localError ?? (mutation.isError ? photoError(mutation.error, removing) : null);

  return (
    <div className="fleet-driver__photo-actions" aria-busy={busy}>
      <div className="fleet-driver__photo-buttons">
        <button
          type="button"
          className="fleet-link-button"
          onClick={() => input.current?.click()}
          disabled={busy}
        >
          {busy && !removing ? 'Subiendo foto...' : 'Cambiar foto'}
        </button>
        {hasPhoto ? (
          <button type="button" className="fleet-link-button" onClick={onRemove} disabled={busy}>
            {busy && removing ? 'Quitando foto...' : 'Quitar foto'}
          </button>
        ) : null}
      </div>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png"
        hidden
        aria-label="Foto del conductor"
        disabled={busy}
        onChange={onPick}
      />
      {busy ? (
        <progress
          className="fleet-progress__bar"
          aria-label={removing ? 'Quitando la foto del conductor' : 'Subiendo la foto del conductor'}
        />
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
