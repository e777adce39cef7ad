import { useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { Modal } from './Modal.tsx';

export type DialogVariant = 'info' | 'success' | 'warning' | 'error';

export const DEFAULT_TITLES: Record<DialogVariant, string> = {
  info: 'Información',
  success: '¡Listo!',
  warning: '¡Ups!',
  error: '¡Ups!',
};

export interface DialogProps {
  open: boolean;
  variant?: DialogVariant;
  title?: string;
  children?: ReactNode;
  confirmText?: string;
  /** When given, a second button closes the dialog with onCancel. */
  cancelText?: string;
  onConfirm: () => void;
  /** Escape and the cancel button; defaults to onConfirm when there is no cancel button. */
  onCancel?: () => void;
}

function VariantIcon({ variant }: { variant: DialogVariant }) {
  const paths: Record<DialogVariant, ReactNode> = {
    info: (
      <>
        <path d="M12 10.5v6" />
        <circle cx="12" cy="7.5" r="0.6" fill="currentColor" />
      </>
    ),
    success: <path d="m7.5 12.5 3 3 6-6.5" />,
    warning: (
      <>
        <path d="M12 7v6" />
        <circle cx="12" cy="16.5" r="0.6" fill="currentColor" />
      </>
    ),
    error: <path d="m8.5 8.5 7 7m0-7-7 7" />,
  };
  return (
    <svg
      className={`dialog__icon dialog__icon--${variant}`}
      viewBox="0 0 24 24"
      width="56"
      height="56"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="10" />
      {paths[variant]}
    </svg>
  );
}

/** Message dialog in the product's '¡Ups!' style: icon, title, text, confirm and optional cancel. */
export function Dialog({
  open,
  variant = 'info',
  title,
  children,
  confirmText = 'Aceptar',
  cancelText,
  onConfirm,
  onCancel,
}: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancel = onCancel ?? onConfirm;
  const urgent = variant === 'warning' || variant === 'error';

  return (
    <Modal
      open={open}
      onClose={cancel}
      labelledBy={titleId}
      describedBy={children ? bodyId : undefined}
      role={urgent ? 'alertdialog' : 'dialog'}
      initialFocus={confirmRef}
      className={`dialog dialog--${variant}`}
    >
      <VariantIcon variant={variant} />
      <h2 id={titleId} className="dialog__title">
        {title ?? DEFAULT_TITLES[variant]}
      </h2>
      {children ? (
        <div id={bodyId} className="dialog__body">
          {children}
        </div>
      ) : null}
      <div className="dialog__actions">
        {cancelText ? (
          <button type="button" className="btn btn--secondary" onClick={cancel}>
            {cancelText}
          </button>
        ) : null}
        <button ref={confirmRef} type="button" className="btn btn--primary" onClick={onConfirm}>
          {confirmText}
        </button>
      </div>
    </Modal>
  );
}
