import { useEffect, useState } from 'react';
import type { MultipleAccounts } from '@togo/domain/auth/auth.contract';
import { Navigate, useNavigate } from 'react-router';
import {
  APP_IDENTIFIER,
  MSG,
  OTP_LENGTH,
  OTP_PATTERN,
  OTP_VALIDITY_SECONDS,
} from '@togo/domain/auth/auth.rules';
import { flattenErrorMessages } from '@togo/domain/http-errors';
import { OtpInput } from '../../../components/ui/OtpInput.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { SelectModal } from '../../../components/ui/SelectModal.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatCountdown } from '../../../lib/formatters.ts';
import { clearSessionFlag, SESSION_KEYS, setSessionFlag } from '../../../lib/storage.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { requestOtp } from '../api/request-otp.ts';
import { useSignupMutation } from '../api/signup.ts';
import { useVerifyOtpMutation } from '../api/verify-otp.ts';
import { multipleAccountsOf } from '../multiple-accounts.ts';
import { clearOtpFlow, getOtpFlow, setOtpFlow } from '../otp-flow.ts';
import type { OtpFlow } from '../otp-flow.ts';
import { clearPendingRegistration, getPendingRegistration } from '../pending-registration.ts';
import type { AccountPayload } from '../pending-registration.ts';

const messagesOf = (error: unknown) => {
  const messages = isApiError(error) ? flattenErrorMessages(error.body) : [];
  return messages.length ? messages.join(', ') : MSG.unknownError;
};

/** auth/send-code: the 4 boxes, a 2:00 countdown, resend and verify (reached only with access_otp). */
export function SendCodeRoute() {
  usePageTitle('Código de verificación');
  const [flow] = useState(getOtpFlow);
  const [pending] = useState(getPendingRegistration);
  const lost = !flow || (flow.mode === 'create' && !pending);

  useEffect(() => {
    // A reload drops the in-memory registration: the code can no longer create the account.
    if (lost) {
      clearSessionFlag(SESSION_KEYS.accessOtp);
      clearOtpFlow();
    }
  }, [lost]);

  if (!flow) return <Navigate to="/" replace />;
  if (lost) return <Navigate to="/auth/create-account" replace />;
  return <SendCodeForm flow={flow} pending={pending} />;
}

function SendCodeForm({ flow, pending }: { flow: OtpFlow; pending: AccountPayload | null }) {
  const navigate = useNavigate();
  const dialog = useDialog();
  const signup = useSignupMutation();
  const verify = useVerifyOtpMutation();
  const { remaining, restart } = useCountdown(OTP_VALIDITY_SECONDS);
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
    restart();
    try {
      const response = await requestOtp(
        flow.mode === 'create' && pending
          ? {
              correo: pending.email,
              numero_telefono: pending.tercero.telefono,
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
      console.error('No se pudo reenviar el código', error); // AHGA §8: resend failure is only logged
    }
  };

  const endFlow = () => {
    clearPendingRegistration();
    clearOtpFlow();
    clearSessionFlag(SESSION_KEYS.accessOtp);
  };

  const finishRegistration = async () => {
    if (!pending) return;
    try {
      await signup.mutateAsync({ ...pending, codigo_otp: code });
      endFlow();
      await dialog.show({ variant: 'success', title: '¡Bienvenido!', message: MSG.accountCreated });
    } catch (error) {
      endFlow();
      await dialog.show({ variant: 'error', title: '¡Ups!', message: messagesOf(error) });
    }
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

  const onVerify = () => {
    if (!complete || busy) return;
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
        <button type="submit" className="btn btn--primary btn--block" disabled={!complete || busy}>
          Verificar
        </button>
      </form>
      <SelectModal
        open={accounts != null}
        title="Accion requerida"
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
