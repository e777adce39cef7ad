import { useEffect, useId, useRef, type ReactNode } from 'react';
import './operator-screens.css';

export interface ConfirmDialogProps {
  /** The question, as the dialog's name (e.g. '¿Registrar la llegada de ABC123?'). */
  title: string;
  /** What follows if confirmed, read as the dialog's description. */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** 'danger' for what cannot be taken back (deactivating, cancelling). */
  tone?: 'primary' | 'danger';
  /** While the confirmed action runs: both buttons disabled. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The console's in-app confirmation (issue 38, instead of window.confirm): a modal alertdialog named by its
 * question and described by its text. Focus goes to "Volver" (the safe choice) and stays inside while it is
 * open (Tab wraps); Escape or the backdrop cancel; on close, focus returns to what opened it.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Volver',
  tone = 'primary',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancel.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === 'Escape' && !busy) {
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Tab' || !box.current) return;
    const focusable = [...box.current.querySelectorAll<HTMLElement>('button:not(:disabled), [href], input')];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div
      className="ops-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && !busy) onCancel();
      }}
    >
      <div
        ref={box}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={children ? `${id}-text` : undefined}
        className="ops-dialog"
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        {children ? (
          <div id={`${id}-text`} className="ops-dialog__text">
            {children}
          </div>
        ) : null}
        <div className="ops-dialog__buttons">
          <button
            ref={cancel}
            type="button"
            className="ops-button ops-button--ghost"
            disabled={busy}
            onClick={onCancel}
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`ops-button${tone === 'danger' ? ' ops-button--danger' : ''}`}
            disabled={busy}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
