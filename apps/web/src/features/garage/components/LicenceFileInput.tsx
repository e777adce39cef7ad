import { useId, useState } from 'react';
import { FileIcon, UploadIcon } from '../../../components/ui/app-icons.tsx';
import { LICENCE_ACCEPT, licenceFileError } from '../garage-form-schema.ts';

export interface LicenceFileInputProps {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}

/** Optional transit-licence document (.pdf, .jpg, .png): a picker, then a removable chip with its name. */
export function LicenceFileInput({ file, onChange, disabled = false }: LicenceFileInputProps) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <span className="field__label" id={`${id}-label`}>
        Licencia de tránsito <span className="field__optional">(opcional)</span>
      </span>
      {file ? (
        <div className="file-chip">
          <FileIcon />
          <span className="file-chip__name">{file.name}</span>
          <button
            type="button"
            className="file-chip__remove"
            aria-label={`Quitar ${file.name}`}
            disabled={disabled}
            onClick={() => onChange(null)}
          >
            ×
          </button>
        </div>
      ) : (
        <label className="file-picker">
          <UploadIcon />
          <span>
            Adjuntar archivo
            <span className="file-picker__hint">PDF, JPG o PNG · máximo 5 MB</span>
          </span>
          <input
            type="file"
            className="visually-hidden"
            accept={LICENCE_ACCEPT}
            aria-labelledby={`${id}-label`}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error ? true : undefined}
            disabled={disabled}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              event.target.value = '';
              const problem = chosen && licenceFileError(chosen);
              setError(problem);
              onChange(problem ? null : chosen);
            }}
          />
        </label>
      )}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
