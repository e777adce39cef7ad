import { useId, useState } from 'react';
import type { DragEvent } from 'react';
import { FileIcon, UploadIcon } from '../../../components/ui/app-icons.tsx';
import { XLSX_ACCEPT } from '../fleet-files.ts';

export interface FileDropAreaProps {
  file: File | null;
  /** Called with the file the user chose or dropped (checking it is the caller's job). */
  onChoose: (file: File) => void;
  onRemove: () => void;
  disabled?: boolean;
}

/**
 * Drag-and-drop or click area (SPPF §2 'Upload screen'): a real file input inside a label, so a click, Enter
 * or Space opens the picker and screen readers announce it; once chosen, a chip with the name and a remove
 * button.
 */
export function FileDropArea({ file, onChoose, onRemove, disabled = false }: FileDropAreaProps) {
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent<HTMLLabelElement>) => {
    if (disabled) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const dropped = event.dataTransfer.files[0];
    if (dropped) onChoose(dropped);
  };

  return (
    <div className="fleet-drop">
      <label
        className={dragging ? 'fleet-drop__area fleet-drop__area--over' : 'fleet-drop__area'}
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <UploadIcon size={40} />
        <span className="fleet-drop__title">Arrastra aquí tu archivo o haz clic para seleccionarlo</span>
        <span id={hintId} className="fleet-drop__hint">
          Solo archivos .xlsx · máximo 10 MB
        </span>
        <input
          type="file"
          className="visually-hidden"
          accept={XLSX_ACCEPT}
          aria-label="Seleccionar archivo .xlsx"
          aria-describedby={hintId}
          disabled={disabled}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (chosen) onChoose(chosen);
          }}
        />
      </label>
      {file ? (
        <div className="fleet-chip">
          <FileIcon />
          <span className="fleet-chip__name">{file.name}</span>
          <button
            type="button"
            className="fleet-chip__remove"
            aria-label={`Quitar ${file.name}`}
            disabled={disabled}
            onClick={onRemove}
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
