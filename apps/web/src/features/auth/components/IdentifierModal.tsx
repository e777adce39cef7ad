import { useId, useState } from 'react';
import { isEmail, isPhone, MSG, PHONE_LENGTH } from '@togo/domain/auth/auth.rules';
import { Modal } from '../../../components/ui/Modal.tsx';

export type ResetChannel = 'email' | 'sms';

export interface IdentifierModalProps {
  open: boolean;
  channel: ResetChannel;
  busy?: boolean;
  onSubmit: (identifier: string) => void;
  onClose: () => void;
}

/** Asks for the account's email (email channel) or 10-digit phone (SMS channel) outside the app. */
export function IdentifierModal(props: IdentifierModalProps) {
  return props.open ? <IdentifierModalContent {...props} /> : null;
}

function IdentifierModalContent({ channel, busy = false, onSubmit, onClose }: IdentifierModalProps) {
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const email = channel === 'email';

  const submit = () => {
    const candidate = value.trim();
    if (email ? !isEmail(candidate) : !isPhone(candidate)) {
      setError(email ? MSG.modalEmail : MSG.modalPhone);
      setValue('');
      return;
    }
    onSubmit(email ? candidate.toLowerCase() : candidate);
  };

  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="identifier-modal">
      <button type="button" className="modal__close" aria-label="Cerrar" onClick={onClose}>
        ×
      </button>
      <h2 id={titleId} className="dialog__title">
        {email ? 'Recupera tu contraseña por correo' : 'Recupera tu contraseña por SMS'}
      </h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className={error ? 'field field--invalid' : 'field'}>
          <label htmlFor={inputId} className="field__label">
            {email ? 'Correo electrónico' : 'Número de celular'}
          </label>
          <input
            id={inputId}
            className="input"
            type={email ? 'email' : 'tel'}
            inputMode={email ? 'email' : 'numeric'}
            autoComplete={email ? 'email' : 'tel-national'}
            maxLength={email ? 254 : PHONE_LENGTH}
            placeholder={email ? 'tucorreo@ejemplo.com' : '3001234567'}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setValue(email ? event.target.value : event.target.value.replace(/\D/g, ''));
              setError(null);
            }}
          />
          {error ? (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="dialog__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Enviando…' : 'Enviar código'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
