import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ALERT_MSG } from '@togo/domain/alerts/alerts.rules';
import { bogotaToday } from '@togo/domain/bogota-time';
import { Modal } from '../../../components/ui/Modal.tsx';
import { DISPLAY_DATE_PLACEHOLDER, displayToIso, isoToDisplay, maskDateInput } from '../alert-dates.ts';
import { CalendarIcon } from './alert-icons.tsx';

export const DATE_MODAL_MSG = {
  both: 'Por favor ingresa ambas fechas.',
  one: 'Por favor ingresa una fecha.',
  invalid: (label: string) => `La ${label.toLowerCase()} no es válida. Usa el formato dd/mm/aaaa.`,
  expiryBeforeIssue: ALERT_MSG.expiryBeforeIssue,
  future: (label: string) => `La ${label.toLowerCase()} no puede ser posterior a hoy.`,
} as const;

export type AlertDateMode = 'single' | 'double';

/** What the modal emits, in the wire format YYYY-MM-DD. Single-date mode only fills fecha_expedicion. */
export interface AlertDateValues {
  fecha_expedicion: string;
  fecha_vencimiento: string | null;
}

type FieldName = 'issue' | 'expiry';

export type DateCheck =
  { ok: true; dates: AlertDateValues } | { ok: false; message: string; fields: FieldName[] };

/** AHGA §5 'Alert date modal': both dates (double) or one (single), real dates written dd/MM/yyyy. */
export function checkAlertDates(
  mode: AlertDateMode,
  issue: string,
  expiry: string,
  labels: { issue: string; expiry: string } = {
    issue: 'Fecha de expedición',
    expiry: 'Fecha de vencimiento',
  },
  today: string = bogotaToday(new Date()),
): DateCheck {
  const issueText = issue.trim();
  const expiryText = expiry.trim();
  if (mode === 'single') {
    if (!issueText) return { ok: false, message: DATE_MODAL_MSG.one, fields: ['issue'] };
    const iso = displayToIso(issueText);
    if (!iso) return { ok: false, message: DATE_MODAL_MSG.invalid(labels.issue), fields: ['issue'] };
    // The first date is always of something done (expedición, última recarga): never after today (issue 36).
    if (iso > today) return { ok: false, message: DATE_MODAL_MSG.future(labels.issue), fields: ['issue'] };
    return { ok: true, dates: { fecha_expedicion: iso, fecha_vencimiento: null } };
  }
  if (!issueText || !expiryText) {
    const fields: FieldName[] = [];
    if (!issueText) fields.push('issue');
    if (!expiryText) fields.push('expiry');
    return { ok: false, message: DATE_MODAL_MSG.both, fields };
  }
  const issueIso = displayToIso(issueText);
  if (!issueIso) return { ok: false, message: DATE_MODAL_MSG.invalid(labels.issue), fields: ['issue'] };
  if (issueIso > today) return { ok: false, message: DATE_MODAL_MSG.future(labels.issue), fields: ['issue'] };
  const expiryIso = displayToIso(expiryText);
  if (!expiryIso) return { ok: false, message: DATE_MODAL_MSG.invalid(labels.expiry), fields: ['expiry'] };
  if (expiryIso < issueIso) {
    return { ok: false, message: DATE_MODAL_MSG.expiryBeforeIssue, fields: ['expiry'] };
  }
  return { ok: true, dates: { fecha_expedicion: issueIso, fecha_vencimiento: expiryIso } };
}

export interface AlertDateModalProps {
  mode: AlertDateMode;
  /** Title of the modal, e.g. 'Por favor actualiza tus fechas'. */
  title: string;
  /** Text of the button that opens it. */
  buttonText?: string;
  /** Text of the confirm button. */
  confirmText?: string;
  issueLabel?: string;
  expiryLabel?: string;
  /** Current dates (YYYY-MM-DD), pre-filled on each opening. */
  initial?: { fecha_expedicion?: string | null; fecha_vencimiento?: string | null };
  disabled?: boolean;
  onSubmit: (dates: AlertDateValues) => void;
}

/**
 * The alert date modal (AHGA §4, §5): closed until its button is pressed; dates typed as dd/MM/yyyy
 * (numeric keyboard, slashes added while typing) and emitted as YYYY-MM-DD. Closing (×, Cancelar,
 * Escape, backdrop) discards what was typed; confirming validates, emits and closes.
 */
export function AlertDateModal({
  buttonText = 'Actualiza fechas',
  disabled = false,
  ...props
}: AlertDateModalProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary btn--block"
        disabled={disabled}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <CalendarIcon />
        {buttonText}
      </button>
      {open ? <DateModalContent {...props} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function DateModalContent({
  mode,
  title,
  confirmText = 'Actualizar',
  issueLabel = 'Fecha de expedición',
  expiryLabel = 'Fecha de vencimiento',
  initial,
  onSubmit,
  onClose,
}: Omit<AlertDateModalProps, 'buttonText' | 'disabled'> & { onClose: () => void }) {
  const titleId = useId();
  const hintId = useId();
  const errorId = useId();
  const issueId = useId();
  const expiryId = useId();
  const issueRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const [issue, setIssue] = useState(() => isoToDisplay(initial?.fecha_expedicion));
  const [expiry, setExpiry] = useState(() => isoToDisplay(initial?.fecha_vencimiento));
  const [error, setError] = useState<{ message: string; fields: FieldName[] } | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = checkAlertDates(mode, issue, expiry, { issue: issueLabel, expiry: expiryLabel });
    if (!result.ok) {
      setError({ message: result.message, fields: result.fields });
      (result.fields[0] === 'expiry' ? expiryRef : issueRef).current?.focus();
      return;
    }
    onSubmit(result.dates);
    onClose();
  };

  const input = (name: FieldName) => {
    const invalid = error?.fields.includes(name) ?? false;
    const isIssue = name === 'issue';
    return (
      <div className="field">
        <label htmlFor={isIssue ? issueId : expiryId} className="field__label">
          {isIssue ? issueLabel : expiryLabel}
        </label>
        <input
          ref={isIssue ? issueRef : expiryRef}
          id={isIssue ? issueId : expiryId}
          className="input date-input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={DISPLAY_DATE_PLACEHOLDER}
          maxLength={10}
          value={isIssue ? issue : expiry}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => {
            const next = maskDateInput(event.target.value);
            if (isIssue) setIssue(next);
            else setExpiry(next);
            if (invalid) setError(null);
          }}
        />
      </div>
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      labelledBy={titleId}
      describedBy={hintId}
      closeOnBackdrop
      className="date-modal"
      initialFocus={issueRef}
    >
      <button type="button" className="modal__close" aria-label="Cerrar" onClick={onClose}>
        ×
      </button>
      <h2 id={titleId} className="dialog__title date-modal__title">
        {title}
      </h2>
      <p id={hintId} className="date-modal__hint">
        Escribe {mode === 'double' ? 'las fechas' : 'la fecha'} con el formato día/mes/año, por ejemplo
        15/03/2026.
      </p>
      <form className="form" noValidate onSubmit={submit}>
        {input('issue')}
        {mode === 'double' ? input('expiry') : null}
        {error ? (
          <p id={errorId} className="field-error date-modal__error" role="alert">
            {error.message}
          </p>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" className="btn btn--primary">
            {confirmText}
          </button>
        </div>
      </form>
    </Modal>
  );
}
