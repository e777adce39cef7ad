import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { UserInfo } from '@togo/domain/auth/auth.contract';
import { maskEmail, MSG, OTP_LENGTH, OTP_PATTERN, OTP_VALIDITY_SECONDS } from '@togo/domain/auth/auth.rules';
import { flattenErrorMessages } from '@togo/domain/http-errors';
import { Modal } from '../../../components/ui/Modal.tsx';
import { OtpInput } from '../../../components/ui/OtpInput.tsx';
import { errorDetail, isApiError } from '../../../lib/api-client.ts';
import { formatCountdown } from '../../../lib/formatters.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { changeEmail, verifyEmailChange } from '../api/update-profile.ts';

export interface EmailVerificationModalProps {
  userId: number;
  /** The new address waiting for its code. */
  pendingEmail: string;
  /** True right after the code was sent (the 2:00 countdown runs); false when reopened later. */
  justSent: boolean;
  /** The applied change (the stored userInfo, updated). */
  onVerified: (user: UserInfo | null) => void;
  /** A resend or a withdrawal changed the stored userInfo. */
  onUpdated: (user: UserInfo | null) => void;
  onClose: () => void;
}

const messageOf = (error: unknown) => {
  const messages = isApiError(error) ? flattenErrorMessages(error.body) : [];
  return errorDetail(error) ?? (messages.length ? messages.join(', ') : MSG.unknownError);
};

/**
 * The code step of an email change (issue 17): the 4 boxes, the 2:00 countdown, a resend (the same change
 * asked again) and the verification. Until the code is verified the current email keeps working.
 */
export function EmailVerificationModal({
  userId,
  pendingEmail,
  justSent,
  onVerified,
  onUpdated,
  onClose,
}: EmailVerificationModalProps) {
  const titleId = useId();
  const textId = useId();
  const { remaining, restart } = useCountdown(OTP_VALIDITY_SECONDS, justSent ? OTP_VALIDITY_SECONDS : 0);
  const [code, setCode] = useState('');
  const [boxesKey, setBoxesKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const complete = code.length === OTP_LENGTH && OTP_PATTERN.test(code);

  const clearBoxes = () => {
    setCode('');
    setBoxesKey((key) => key + 1);
  };

  const resend = async () => {
    clearBoxes();
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      onUpdated(await changeEmail(userId, pendingEmail));
      restart();
      setNotice('Te enviamos un nuevo código.');
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete || busy) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      onVerified(await verifyEmailChange(userId, code));
    } catch (err) {
      clearBoxes();
      setError(messageOf(err));
      setBusy(false);
    }
  };

  return (
    <Modal open onClose={onClose} labelledBy={titleId} describedBy={textId} className="profile-modal">
      <button type="button" className="modal__close" aria-label="Cerrar" onClick={onClose}>
        ×
      </button>
      <h2 id={titleId} className="dialog__title">
        Verifica tu nuevo correo
      </h2>
      <p id={textId} className="lead">
        Ingresa el código de {OTP_LENGTH} dígitos que enviamos a <strong>{maskEmail(pendingEmail)}</strong>.
        Tu correo actual seguirá activo hasta que lo verifiques.
      </p>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <OtpInput key={boxesKey} onChange={setCode} autoFocus disabled={busy} />
        <p className="otp-timer" aria-live="off">
          <span className="visually-hidden">Tiempo restante: </span>
          <time className="otp-timer__clock">{formatCountdown(remaining)}</time>
        </p>
        <p className="otp-resend">
          ¿No recibiste el código?{' '}
          <button
            type="button"
            className="link-button"
            disabled={remaining > 0 || busy}
            onClick={() => void resend()}
          >
            Reenviar código
          </button>
        </p>
        {notice ? (
          <p className="lead" role="status">
            {notice}
          </p>
        ) : null}
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="dialog__actions">
          <button type="submit" className="btn btn--primary" disabled={!complete || busy}>
            {busy ? 'Verificando...' : 'Verificar'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
