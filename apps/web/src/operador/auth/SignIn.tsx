import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import {
  OPERATOR_MSG,
  recoveryCodeSchema,
  totpCodeSchema,
} from '@togo/domain/operator/operator-auth.contract';
import { Field, fieldA11y } from '../../components/ui/Field.tsx';
import { PasswordInput } from '../../components/ui/PasswordInput.tsx';
import { errorDetail, isApiError } from '../../lib/api-client.ts';
import { setOperatorToken } from '../lib/operator-api.ts';
import { lockedMessage, operatorErrorMessage } from '../lib/operator-messages.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import { signIn } from './auth-api.ts';
import { AuthFrame, FormAlert } from './AuthFrame.tsx';

type Step = 'credenciales' | 'codigo';

/** Where to go after signing in: the page that sent us here (a 401), else the dashboard. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('/ingresar') ? from : '/';
}

/**
 * /operador/ingresar: correo and clave, then the TOTP code when the server asks for it (401 with the
 * "ingresa el código" message). A locked account (429) is told how long to wait.
 */
export default function SignIn() {
  usePageTitle('Ingresar');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('credenciales');
  const [correo, setCorreo] = useState('');
  const [clave, setClave] = useState('');
  const [codigo, setCodigo] = useState('');
  /** The code step takes a recovery code instead of the app's code. */
  const [recovery, setRecovery] = useState(false);
  const [fieldError, setFieldError] = useState<{ correo?: string; clave?: string; codigo?: string }>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const errors: typeof fieldError = {};
    if (step === 'credenciales') {
      if (!correo.trim()) errors.correo = 'Ingresa tu correo.';
      if (!clave) errors.clave = 'Ingresa tu clave.';
    } else if (recovery && !recoveryCodeSchema.safeParse(codigo).success) {
      errors.codigo = 'El código de recuperación tiene 10 letras y números (por ejemplo, abcde-fghij).';
    } else if (!recovery && !totpCodeSchema.safeParse(codigo).success) {
      errors.codigo = 'El código tiene 6 dígitos.';
    }
    setFieldError(errors);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      const factor =
        step !== 'codigo' ? undefined : recovery ? { codigo_recuperacion: codigo } : { codigo_totp: codigo };
      const session = await signIn(correo.trim(), clave, factor);
      queryClient.clear();
      setOperatorToken(session.token);
      void navigate(session.totp_pendiente ? '/verificacion' : returnPath(location.state), { replace: true });
    } catch (error) {
      setBusy(false);
      const detail = errorDetail(error);
      if (isApiError(error) && error.status === 401 && detail === OPERATOR_MSG.totpRequired) {
        setStep('codigo');
        return;
      }
      if (
        isApiError(error) &&
        error.status === 401 &&
        (detail === OPERATOR_MSG.totpInvalid || detail === OPERATOR_MSG.recoveryInvalid)
      ) {
        setFieldError({ codigo: detail });
        setCodigo('');
        return;
      }
      if (isApiError(error) && error.status === 429) {
        setAlert(lockedMessage(error));
        return;
      }
      setAlert(operatorErrorMessage(error, 'No pudimos iniciar sesión. Intenta de nuevo.'));
      if (step === 'codigo' && isApiError(error) && error.status === 401) setStep('credenciales');
    }
  }

  return (
    <AuthFrame
      title={step === 'credenciales' ? 'Ingresar' : 'Verificación en dos pasos'}
      lead={
        step !== 'codigo'
          ? 'Acceso para el equipo de TOGO.'
          : recovery
            ? 'Escribe uno de los códigos de recuperación que guardaste al activar la verificación. Cada uno sirve una sola vez.'
            : 'Escribe el código de 6 dígitos que muestra tu aplicación autenticadora.'
      }
    >
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <FormAlert message={alert} />
        {step === 'credenciales' ? (
          <>
            <Field id="op-correo" label="Correo" error={fieldError.correo}>
              <input
                {...fieldA11y('op-correo', fieldError.correo)}
                className="input"
                type="email"
                autoComplete="username"
                value={correo}
                onChange={(e) => setCorreo(e.target.value)}
                autoFocus
              />
            </Field>
            <Field id="op-clave" label="Clave" error={fieldError.clave}>
              <PasswordInput
                {...fieldA11y('op-clave', fieldError.clave)}
                autoComplete="current-password"
                value={clave}
                onChange={(e) => setClave(e.target.value)}
              />
            </Field>
          </>
        ) : recovery ? (
          <Field id="op-recuperacion" label="Código de recuperación" error={fieldError.codigo}>
            <input
              {...fieldA11y('op-recuperacion', fieldError.codigo)}
              className="input op-code-input"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={11}
              value={codigo}
              onChange={(e) => setCodigo(e.target.value.slice(0, 11))}
              autoFocus
            />
          </Field>
        ) : (
          <Field id="op-codigo" label="Código de verificación" error={fieldError.codigo}>
            <input
              {...fieldA11y('op-codigo', fieldError.codigo)}
              className="input op-code-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={codigo}
              onChange={(e) => setCodigo(e.target.value.replace(/\D/g, '').slice(0, 6))}
              autoFocus
            />
          </Field>
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? 'Ingresando…' : step === 'codigo' ? 'Verificar' : 'Ingresar'}
        </button>
        {step === 'codigo' ? (
          <>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setRecovery(!recovery);
                setCodigo('');
                setFieldError({});
              }}
            >
              {recovery
                ? 'Usar el código de la aplicación'
                : '¿No tienes tu teléfono? Usa un código de recuperación'}
            </button>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setStep('credenciales');
                setRecovery(false);
                setCodigo('');
                setFieldError({});
              }}
            >
              Volver
            </button>
          </>
        ) : null}
      </form>
    </AuthFrame>
  );
}
