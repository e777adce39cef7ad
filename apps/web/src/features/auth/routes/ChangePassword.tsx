import { useState } from 'react';
import type { FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { MSG, PASSWORD_MIN_LENGTH } from '@togo/domain/auth/auth.rules';
import { Field } from '../../../components/ui/Field.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { PasswordInput } from '../../../components/ui/PasswordInput.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { errorDetail, fieldErrors } from '../../../lib/api-client.ts';
import { clearSessionFlag, SESSION_KEYS } from '../../../lib/storage.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useResetPasswordMutation } from '../api/reset-password.ts';
import { clearOtpFlow, getOtpFlow } from '../otp-flow.ts';
import type { OtpFlow } from '../otp-flow.ts';

/** The first rule a new password breaks (AHGA §5 "Change password"), or null. */
export function changePasswordProblem(password: string, confirmation: string): string | null {
  if (!password || !confirmation) return MSG.changeIncomplete;
  if (password !== confirmation) return MSG.changeMismatch;
  if (password.length < PASSWORD_MIN_LENGTH) return MSG.changeMin;
  return null;
}

/** auth/change-password: new password + confirmation (reached only with access_change_password). */
export function ChangePasswordRoute() {
  usePageTitle('Nueva contraseña');
  const [flow] = useState(getOtpFlow);
  if (!flow?.codigo) return <Navigate to="/auth/reset-password" replace />;
  return <ChangePasswordForm flow={flow} code={flow.codigo} />;
}

function ChangePasswordForm({ flow, code }: { flow: OtpFlow; code: string }) {
  const navigate = useNavigate();
  const dialog = useDialog();
  const reset = useResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  const clear = () => {
    setPassword('');
    setConfirmation('');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    const problem = changePasswordProblem(password, confirmation);
    if (problem) {
      clear();
      await dialog.show({ variant: 'warning', title: '¡Ups!', message: problem });
      return;
    }
    try {
      const response = await reset.mutateAsync({
        identificador: flow.identificador,
        codigo_otp: code,
        clave: password,
        confirmar_clave: confirmation,
        ...(flow.usuario_id == null ? {} : { usuario_id: flow.usuario_id }),
      });
      clearSessionFlag(SESSION_KEYS.accessChangePassword);
      clearOtpFlow();
      await dialog.show({
        variant: 'success',
        title: '¡Listo!',
        message: response?.detail || 'Tu contraseña se actualizó con éxito.',
      });
      await navigate(flow.from === 'app' ? '/app/profile' : '/auth/login', { replace: true });
    } catch (error) {
      clear();
      const claveErrors = fieldErrors(error, 'clave');
      const message = claveErrors.length ? claveErrors.join(' ') : (errorDetail(error) ?? MSG.unknownError);
      await dialog.show({ variant: 'warning', title: '¡Ups!', message });
    }
  };

  return (
    <section className="auth-card">
      <PageHeader title="Nueva contraseña" back={flow.from === 'app' ? '/app/profile' : '/auth/login'} />
      <p className="lead">Crea una contraseña de mínimo {PASSWORD_MIN_LENGTH} caracteres.</p>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <Field id="cp-password" label="Nueva contraseña">
          <PasswordInput
            id="cp-password"
            autoComplete="new-password"
            maxLength={128}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <Field id="cp-confirmation" label="Confirmar contraseña">
          <PasswordInput
            id="cp-confirmation"
            autoComplete="new-password"
            maxLength={128}
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        </Field>
        <button type="submit" className="btn btn--primary btn--block" disabled={reset.isPending}>
          Cambiar contraseña
        </button>
      </form>
      {reset.isPending ? <TruckLoader overlay /> : null}
    </section>
  );
}
