import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import {
  DELETE_CONFIRMATION_WORD,
  PERSONAL_DATA_MSG,
  PURGE_AFTER_DAYS,
} from '@togo/domain/profile/personal-data.contract';
import { Modal } from '../../../components/ui/Modal.tsx';
import { PasswordInput } from '../../../components/ui/PasswordInput.tsx';
import { errorDetail, fieldErrors, isApiError } from '../../../lib/api-client.ts';
import { deleteMyAccount } from '../api/personal-data.ts';

export const DELETE_ACCOUNT_MSG = {
  title: '¿Eliminar tu cuenta?',
  network: 'No pudimos conectarnos. Revisa tu conexión e intenta de nuevo.',
  expired: 'Tu sesión expiró. Vuelve a iniciar sesión para eliminar tu cuenta.',
  generic: 'No pudimos eliminar tu cuenta. Intenta de nuevo.',
} as const;

/**
 * The confirmation of an account deletion (decision 021): what happens now (sessions closed) and in 30 days
 * (personal data purged), the password re-entered. An account without a password (Google/Facebook sign-in)
 * is told so by the server and types the confirmation word instead.
 */
export function DeleteAccountModal({ onClose, onDeleted }: { onClose: () => void; onDeleted: () => void }) {
  const titleId = useId();
  const textId = useId();
  const inputId = useId();
  const [mode, setMode] = useState<'password' | 'confirmacion'>('password');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!value.trim()) {
      setFieldError(
        mode === 'password' ? PERSONAL_DATA_MSG.passwordRequired : PERSONAL_DATA_MSG.confirmationRequired,
      );
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await deleteMyAccount(mode === 'password' ? { password: value } : { confirmacion: value.trim() });
      onDeleted();
      return;
    } catch (error) {
      const confirm = fieldErrors(error, 'confirmacion')[0];
      if (confirm && mode === 'password') {
        // The account has no password: ask for the word instead.
        setMode('confirmacion');
        setValue('');
      }
      const message = fieldErrors(error, mode === 'password' && !confirm ? 'password' : 'confirmacion')[0];
      if (message) setFieldError(message);
      else if (isApiError(error) && error.status === 0) setFormError(DELETE_ACCOUNT_MSG.network);
      else if (isApiError(error) && error.status === 401) setFormError(DELETE_ACCOUNT_MSG.expired);
      else setFormError(errorDetail(error) ?? DELETE_ACCOUNT_MSG.generic);
    }
    setBusy(false);
  };

  const errorId = `${inputId}-error`;
  const inputProps = {
    id: inputId,
    value,
    disabled: busy,
    'aria-invalid': fieldError ? true : undefined,
    'aria-describedby': fieldError ? errorId : undefined,
    onChange: (e: { target: { value: string } }) => setValue(e.target.value),
  };
  return (
    <Modal
      open
      onClose={busy ? () => undefined : onClose}
      labelledBy={titleId}
      describedBy={textId}
      role="alertdialog"
      className="profile-modal"
    >
      <h2 id={titleId} className="dialog__title">
        {DELETE_ACCOUNT_MSG.title}
      </h2>
      <div id={textId} className="delete-account__text">
        <p>
          Cerraremos tu sesión en todos tus dispositivos de inmediato y ya no podrás ingresar con esta cuenta.
        </p>
        <p>
          Dentro de {PURGE_AFTER_DAYS} días borraremos definitivamente tus datos personales: nombre, correo,
          teléfono, documento, vehículos, fotos y documentos. Si conduces un vehículo de una empresa, la
          empresa conservará el vehículo, pero no tus datos.
        </p>
        <p>Si quieres una copia, usa «Descargar mis datos» antes de continuar.</p>
      </div>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <div className={fieldError ? 'field field--invalid' : 'field'}>
          <label htmlFor={inputId} className="field__label">
            {mode === 'password'
              ? 'Contraseña'
              : `Tu cuenta no tiene contraseña: escribe ${DELETE_CONFIRMATION_WORD} para confirmar`}
          </label>
          {mode === 'password' ? (
            <PasswordInput {...inputProps} autoComplete="current-password" />
          ) : (
            <input {...inputProps} className="input" type="text" autoComplete="off" />
          )}
          {fieldError ? (
            <p id={errorId} className="field-error" role="alert">
              {fieldError}
            </p>
          ) : null}
        </div>
        {formError ? (
          <p className="field-error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={busy}>
            Cancelar
          </button>
          <button type="submit" className="btn btn--primary btn--danger" disabled={busy}>
            {busy ? 'Eliminando...' : 'Eliminar mi cuenta'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
