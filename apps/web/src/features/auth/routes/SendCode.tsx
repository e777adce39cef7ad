import { useEffect, useState } from 'react';
import type { MultipleAccounts } from '@togo/domain/auth/auth.contract';
import { Navigate, useNavigate } from 'react-router';
import {
  APP_IDENTIFIER,
  MSG,
  OTP_LENGTH,
  OTP_PATTERN,
  OTP_VALIDITY_SECONDS,
  PASSWORD_MIN_LENGTH,
} from '@togo/domain/auth/auth.rules';
import { flattenErrorMessages } from '@togo/domain/http-errors';
import { OtpInput } from '../../../components/ui/OtpInput.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { SelectModal } from '../../../components/ui/SelectModal.tsx';
import { Field, fieldA11y } from '../../../components/ui/Field.tsx';
import { PasswordInput } from '../../../components/ui/PasswordInput.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { WaitMessage, retryAt, useSecondsLeft } from '../../../components/ui/WaitMessage.tsx';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatCountdown } from '../../../lib/formatters.ts';
import { clearSessionFlag, SESSION_KEYS, setSessionFlag } from '../../../lib/storage.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { requestOtp } from '../api/request-otp.ts';
import { useSignupMutation } from '../api/signup.ts';
import { useVerifyOtpMutation } from '../api/verify-otp.ts';
import { multipleAccountsOf } from '../multiple-accounts.ts';
import { clearOtpFlow, getOtpFlow, setOtpFlow } from '../otp-flow.ts';
import type { OtpFlow } from '../otp-flow.ts';
import {
  accountPayload,
  clearPendingRegistration,
  getPendingPassword,
  getPendingRegistration,
  setPendingCooldown,
} from '../pending-registration.ts';
import type { StoredRegistration } from '../pending-registration.ts';
import { rememberLoginEmail } from '../login-email.ts';

/**
 * Counts down to an instant (so a reload resumes where it was); `restart` starts again `seconds` from now
 * and answers the new end.
 */
function useCountdown(seconds: number, initialEnd: number | null) {
  const [end, setEnd] = useState(() => initialEnd ?? Date.now() + seconds * 1000);
  const remaining = useSecondsLeft(end);
  const restart = (until: number = Date.now() + seconds * 1000) => {
    setEnd(until);
    return until;
  };
  return { remaining, restart };
}

const messagesOf = (error: unknown) => {
  const messages = isApiError(error) ? flattenErrorMessages(error.body) : [];
  return messages.length ? messages.join(', ') : MSG.unknownError;
};

/** A sign-up refused for a field of the form (the email taken meanwhile…), not for the code. */
function isFormProblem(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 400 || typeof error.body !== 'object' || error.body === null) {
    return false;
  }
  const fields = Object.keys(error.body);
  return (
    fields.length > 0 && !fields.some((f) => f === 'codigo_otp' || f === 'detail' || f === 'non_field_errors')
  );
}

/** auth/send-code: the 4 boxes, a 2:00 countdown, resend and verify (reached only with access_otp). */
export function SendCodeRoute() {
  usePageTitle('Código de verificación');
  const [flow] = useState(getOtpFlow);
  const [pending] = useState(getPendingRegistration);
  const lost = !flow || (flow.mode === 'create' && !pending);

  useEffect(() => {
    // No stored registration (another tab, or storage cleared): the code can no longer create the account.
    if (lost) {
      clearSessionFlag(SESSION_KEYS.accessOtp);
      clearOtpFlow();
    }
  }, [lost]);

  if (!flow) return <Navigate to="/" replace />;
  if (lost) return <Navigate to="/auth/create-account" replace />;
  return <SendCodeForm flow={flow} pending={pending} />;
}

function SendCodeForm({ flow, pending }: { flow: OtpFlow; pending: StoredRegistration | null }) {
  const navigate = useNavigate();
  const dialog = useDialog();
  const signup = useSignupMutation();
  const verify = useVerifyOtpMutation();
  const { remaining, restart } = useCountdown(OTP_VALIDITY_SECONDS, pending?.cooldownEnd ?? null);
  // After a reload the password (kept in memory only) is gone: it is asked again before verifying.
  const [needsPassword] = useState(() => flow.mode === 'create' && getPendingPassword() === null);
  const [password, setPassword] = useState('');
  const passwordError =
    needsPassword && password.length > 0 && password.length < PASSWORD_MIN_LENGTH
      ? `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`
      : null;
  const [code, setCode] = useState('');
  const [boxesKey, setBoxesKey] = useState(0);
  const [destino, setDestino] = useState(flow.destino);
  // A phone shared by several accounts: the server lists them (406) only once the code is verified.
  const [accounts, setAccounts] = useState<MultipleAccounts | null>(null);
  const busy = signup.isPending || verify.isPending;
  const complete = code.length === OTP_LENGTH && OTP_PATTERN.test(code);

  const clearBoxes = () => {
    setCode('');
    setBoxesKey((key) => key + 1);
  };

  const resend = async () => {
    clearBoxes();
    if (flow.mode === 'create') setPendingCooldown(restart());
    else restart();
    try {
      const response = await requestOtp(
        flow.mode === 'create' && pending
          ? {
              correo: pending.payload.email,
              numero_telefono: pending.payload.tercero.telefono,
              aplicacion: APP_IDENTIFIER,
              proceso: 'REGISTRO_USUARIO',
            }
          : {
              identificador: flow.identificador,
              aplicacion: APP_IDENTIFIER,
              proceso: 'RESETEAR_CLAVE',
              ...(flow.usuario_id == null ? {} : { usuario_id: flow.usuario_id }),
            },
      );
      if (response.otp?.destino) setDestino(response.otp.destino);
    } catch (error) {
      const until = retryAt(error);
      if (until !== null) {
        // Throttled: the countdown shows the server's wait, and the message counts it down live.
        if (flow.mode === 'create') setPendingCooldown(restart(until));
        else restart(until);
        await dialog.show({
          variant: 'warning',
          title: '¡Ups!',
          message: <WaitMessage text={messagesOf(error)} until={until} />,
        });
        return;
      }
      console.error('No se pudo reenviar el código', error); // AHGA §8: resend failure is only logged
    }
  };

  const endFlow = () => {
    clearPendingRegistration();
    clearOtpFlow();
    clearSessionFlag(SESSION_KEYS.accessOtp);
  };

  const finishRegistration = async () => {
    const payload = pending ? accountPayload(pending, needsPassword ? password : null) : null;
    if (!payload) return;
    try {
      await signup.mutateAsync({ ...payload, codigo_otp: code });
    } catch (error) {
      // A wrong or spent code keeps the user here with the form kept (issue 36): the boxes are emptied to
      // type the code again or ask for a new one. Only a problem of the form itself goes back to it, filled.
      clearBoxes();
      const until = retryAt(error);
      await dialog.show({
        variant: 'warning',
        title: '¡Ups!',
        message: until === null ? messagesOf(error) : <WaitMessage text={messagesOf(error)} until={until} />,
      });
      if (isFormProblem(error)) {
        clearOtpFlow();
        clearSessionFlag(SESSION_KEYS.accessOtp);
        await navigate('/auth/create-account', { replace: true });
      }
      return;
    }
    rememberLoginEmail(payload.email);
    endFlow();
    await dialog.show({ variant: 'success', title: '¡Bienvenido!', message: MSG.accountCreated });
    await navigate('/auth/login', { replace: true });
  };

  const toChangePassword = async (usuarioId: number | null) => {
    clearSessionFlag(SESSION_KEYS.accessOtp);
    setOtpFlow({ ...flow, usuario_id: usuarioId, codigo: code });
    setSessionFlag(SESSION_KEYS.accessChangePassword);
    await navigate('/auth/change-password', { replace: true });
  };

  const verifyReset = async () => {
    try {
      await verify.mutateAsync({
        codigo: code,
        identificador: flow.identificador,
        usuario_id: flow.usuario_id,
        proceso: 'RESETEAR_CLAVE',
      });
      await toChangePassword(flow.usuario_id);
    } catch (error) {
      const several = isApiError(error) && error.status === 406 ? multipleAccountsOf(error.body) : null;
      if (several) {
        setAccounts(several);
        return;
      }
      clearBoxes();
      await dialog.show({ variant: 'warning', title: '¡Ups!', message: messagesOf(error) });
    }
  };

  const passwordReady = !needsPassword || password.length >= PASSWORD_MIN_LENGTH;
  const onVerify = () => {
    if (!complete || busy || !passwordReady) return;
    void (flow.mode === 'create' ? finishRegistration() : verifyReset());
  };

  return (
    <section className="auth-card">
      <PageHeader
        title="Verifica tu código"
        back={flow.mode === 'create' ? '/auth/create-account' : '/auth/reset-password'}
      />
      <p className="lead">
        Ingresa el código de {OTP_LENGTH} dígitos que enviamos
        {destino ? (
          <>
            {' '}
            a <strong>{destino}</strong>
          </>
        ) : null}
        .
      </p>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onVerify();
        }}
      >
        <OtpInput key={boxesKey} onChange={setCode} autoFocus disabled={busy} />
        {needsPassword ? (
          <Field id="sc-password" label="Vuelve a escribir tu contraseña" error={passwordError}>
            <PasswordInput
              {...fieldA11y('sc-password', passwordError)}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="new-password"
              maxLength={128}
            />
          </Field>
        ) : null}
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
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={!complete || busy || !passwordReady}
        >
          Verificar
        </button>
      </form>
      <SelectModal
        open={accounts != null}
        title="Acción requerida"
        text={accounts?.detalles}
        options={(accounts?.opciones ?? []).map((option) => ({ label: option.correo, value: option.id }))}
        onClose={() => setAccounts(null)}
        onConfirm={(usuarioId) => {
          setAccounts(null);
          void toChangePassword(usuarioId);
        }}
      />
      {busy ? <TruckLoader overlay /> : null}
    </section>
  );
}
