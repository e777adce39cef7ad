import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { APP_IDENTIFIER, maskEmail, maskPhone, MSG } from '@togo/domain/auth/auth.rules';
import { flattenErrorMessages } from '@togo/domain/http-errors';
import { ChatIcon, MailIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { WaitMessage, retryAt } from '../../../components/ui/WaitMessage.tsx';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { errorDetail, isApiError } from '../../../lib/api-client.ts';
import { getUserInfo, SESSION_KEYS, setSessionFlag } from '../../../lib/storage.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useRequestOtpMutation } from '../api/request-otp.ts';
import { IdentifierModal } from '../components/IdentifierModal.tsx';
import type { ResetChannel } from '../components/IdentifierModal.tsx';
import { setOtpFlow } from '../otp-flow.ts';

/**
 * auth/reset-password[?from=app]: choose email or SMS, then a RESETEAR_CLAVE code is sent. A phone shared
 * by several accounts gets one code; the account choice comes after verification (send-code), so the
 * request never lists accounts. In the app the signed-in account is named (usuario_id).
 */
export function ResetPasswordRoute() {
  usePageTitle('Recuperar contraseña');
  const navigate = useNavigate();
  const dialog = useDialog();
  const requestOtp = useRequestOtpMutation();
  const [params] = useSearchParams();
  const fromApp = params.get('from') === 'app';
  const [user] = useState(() => (fromApp ? getUserInfo() : null));
  const storedEmail = user?.email || null;
  const storedPhone = user?.tercero?.telefono || null;
  const inApp = fromApp && user != null;

  const [channel, setChannel] = useState<ResetChannel | null>(null);

  const send = async (identifier: string, usuarioId?: number) => {
    try {
      const response = await requestOtp.mutateAsync({
        identificador: identifier,
        aplicacion: APP_IDENTIFIER,
        proceso: 'RESETEAR_CLAVE',
        ...(usuarioId == null ? {} : { usuario_id: usuarioId }),
      });
      setChannel(null);
      setOtpFlow({
        mode: 'reset',
        proceso: 'RESETEAR_CLAVE',
        identificador: identifier,
        usuario_id: usuarioId ?? null,
        from: fromApp ? 'app' : null,
        destino: response.otp?.destino ?? null,
      });
      setSessionFlag(SESSION_KEYS.accessOtp);
      await navigate('/auth/send-code');
    } catch (error) {
      const messages = isApiError(error) ? flattenErrorMessages(error.body) : [];
      const message = errorDetail(error) ?? (messages.length ? messages.join(', ') : MSG.unknownError);
      const until = retryAt(error);
      await dialog.show({
        variant: 'warning',
        title: '¡Ups!',
        message: until === null ? message : <WaitMessage text={message} until={until} />,
      });
    }
  };

  const choose = (next: ResetChannel) => {
    if (!inApp) {
      setChannel(next);
      return;
    }
    const identifier = next === 'email' ? storedEmail : storedPhone;
    if (identifier) void send(identifier, user.id);
  };

  return (
    <section className="auth-card">
      <PageHeader title="Recuperar contraseña" back={fromApp ? '/app/profile' : '/auth/login'} />
      <p className="lead">Elige por dónde quieres recibir el código de verificación de 4 dígitos.</p>
      <div className="choice-list">
        <button
          type="button"
          className="choice"
          onClick={() => choose('email')}
          disabled={requestOtp.isPending || (inApp && !storedEmail)}
        >
          <span className="choice__icon">
            <MailIcon />
          </span>
          <span className="choice__body">
            <span className="choice__title">Correo electrónico</span>
            <span className="choice__text">
              {inApp && storedEmail ? maskEmail(storedEmail) : 'Te enviaremos el código a tu correo.'}
            </span>
          </span>
        </button>
        <button
          type="button"
          className="choice"
          onClick={() => choose('sms')}
          disabled={requestOtp.isPending || (inApp && !storedPhone)}
        >
          <span className="choice__icon">
            <ChatIcon />
          </span>
          <span className="choice__body">
            <span className="choice__title">Mensaje de texto (SMS)</span>
            <span className="choice__text">
              {inApp
                ? storedPhone
                  ? maskPhone(storedPhone)
                  : 'No tienes un celular registrado.'
                : 'Te enviaremos el código a tu celular.'}
            </span>
          </span>
        </button>
      </div>

      <IdentifierModal
        open={channel != null}
        channel={channel ?? 'email'}
        busy={requestOtp.isPending}
        onClose={() => setChannel(null)}
        onSubmit={(identifier) => void send(identifier)}
      />
      {requestOtp.isPending ? <TruckLoader overlay /> : null}
    </section>
  );
}
