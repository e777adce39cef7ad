import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { LoginResponse } from '@togo/domain/auth/auth.contract';
import { MSG, NAME_PATTERN, PASSWORD_MIN_LENGTH } from '@togo/domain/auth/auth.rules';
import type { InvitationPreview } from '@togo/domain/organisation/organisation.contract';
import { Field, fieldA11y } from '../../../components/ui/Field.tsx';
import { PasswordInput } from '../../../components/ui/PasswordInput.tsx';
import { errorDetail, fieldErrors, isApiError } from '../../../lib/api-client.ts';
import { login } from '../api/login.ts';
import { completeLogin } from '../post-login.ts';
import { acceptInvitation, ROLE_LABELS } from './invitation-api.ts';
import { InvitationFrame } from './InvitationFrame.tsx';

/** A sign-in that failed: its message is the screen's alert. */
class SignInFailed extends Error {
  constructor(cause: unknown, message?: string) {
    super(
      message ??
        (isApiError(cause) && cause.status === 429
          ? (errorDetail(cause) ?? MSG.loginFailed)
          : isApiError(cause) && cause.status === 0
            ? 'No hay conexión. Revisa tu internet e intenta de nuevo.'
            : MSG.loginFailed),
    );
    this.name = 'SignInFailed';
  }
}

type Mode = 'nueva' | 'existente';
type FieldName = 'nombres' | 'apellidos' | 'password' | 'confirmacion';
type Errors = Partial<Record<FieldName, string>>;

export interface InvitationFormProps {
  token: string;
  invitation: InvitationPreview & { correo: string };
}

/** The form's own checks, the same rules the API applies (the sign-up's names, 8 characters of password). */
function check(mode: Mode, v: Record<FieldName, string>): Errors {
  const errors: Errors = {};
  if (mode === 'existente') {
    if (!v.password) errors.password = MSG.required;
    return errors;
  }
  if (!v.nombres.trim()) errors.nombres = 'Escribe tu nombre.';
  else if (!NAME_PATTERN.test(v.nombres.trim())) errors.nombres = MSG.lettersOnly;
  if (v.apellidos.trim() && !NAME_PATTERN.test(v.apellidos.trim())) errors.apellidos = MSG.lettersOnly;
  if (v.password.length < PASSWORD_MIN_LENGTH) errors.password = MSG.passwordMin;
  if (v.confirmacion !== v.password) errors.confirmacion = MSG.passwordsDiffer;
  return errors;
}

/** Moves the keyboard to the first field with an error (its message is its description). */
function focusFirst(errors: Errors) {
  const first = (['nombres', 'apellidos', 'password', 'confirmacion'] as const).find((name) => errors[name]);
  if (first) document.getElementById(`inv-${first}`)?.focus();
}

/**
 * The valid invitation's form (decision 105): a new person creates their account (the invited e-mail, read-only,
 * a name and a password), an existing one signs in with its password; either way the invitation is accepted and
 * they land in the fleet with their role.
 */
export function InvitationForm({ token, invitation }: InvitationFormProps) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>(invitation.cuenta_existente ? 'existente' : 'nueva');
  const [values, setValues] = useState<Record<FieldName, string>>({
    nombres: '',
    apellidos: '',
    password: '',
    confirmacion: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const empresa = invitation.empresa || 'la empresa';

  const set = (name: FieldName) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  const switchMode = (next: Mode) => {
    setMode(next);
    setErrors({});
    setAlert(null);
    setValues((v) => ({ ...v, password: '', confirmacion: '' }));
  };

  async function signInAndAccept(): Promise<LoginResponse> {
    let session: LoginResponse;
    try {
      session = await login({ email: invitation.correo, password: values.password });
    } catch (error) {
      throw new SignInFailed(error);
    }
    await acceptInvitation({ token });
    return session;
  }

  async function createAndAccept(): Promise<LoginResponse> {
    await acceptInvitation({
      token,
      nombres: values.nombres.trim(),
      apellidos: values.apellidos.trim(),
      password: values.password,
    });
    try {
      return await login({ email: invitation.correo, password: values.password });
    } catch {
      throw new SignInFailed(
        null,
        'Tu cuenta quedó creada y la invitación aceptada. Inicia sesión para entrar a la flota.',
      );
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    const found = check(mode, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setBusy(true);
    try {
      const session = mode === 'nueva' ? await createAndAccept() : await signInAndAccept();
      await completeLogin(session, navigate);
    } catch (error) {
      setBusy(false);
      if (error instanceof SignInFailed) {
        setAlert(error.message);
        return;
      }
      const byField: Errors = {};
      for (const name of ['nombres', 'apellidos', 'password'] as const) {
        const message = fieldErrors(error, name)[0];
        if (message) byField[name] = message;
      }
      if (Object.keys(byField).length > 0) {
        setErrors(byField);
        focusFirst(byField);
        return;
      }
      setAlert(
        errorDetail(error) ??
          (isApiError(error) && error.status === 0
            ? 'No hay conexión. Revisa tu internet e intenta de nuevo.'
            : 'No pudimos aceptar la invitación. Intenta de nuevo.'),
      );
    }
  }

  const passwordField = (
    <Field
      id="inv-password"
      label="Contraseña"
      error={errors.password}
      hint={mode === 'nueva' ? `Al menos ${PASSWORD_MIN_LENGTH} caracteres.` : undefined}
    >
      <PasswordInput
        {...fieldA11y('inv-password', errors.password)}
        autoComplete={mode === 'nueva' ? 'new-password' : 'current-password'}
        maxLength={128}
        value={values.password}
        onChange={(e) => set('password')(e.target.value)}
      />
    </Field>
  );

  return (
    <InvitationFrame
      title={`Únete a la flota de «${empresa}»`}
      lead={
        <>
          «{empresa}» te invitó a su flota en TOGO con el rol <strong>{ROLE_LABELS[invitation.rol]}</strong>.{' '}
          {mode === 'nueva'
            ? 'Crea tu cuenta para aceptar.'
            : 'Inicia sesión con tu cuenta de TOGO para aceptar.'}
        </>
      }
    >
      <form className="form" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
        {alert ? (
          <p className="field-error" role="alert">
            {alert}
          </p>
        ) : null}
        <Field id="inv-correo" label="Correo electrónico" hint="Es el correo al que llegó la invitación.">
          <input
            id="inv-correo"
            className="input"
            type="email"
            autoComplete="username"
            value={invitation.correo}
            readOnly
          />
        </Field>
        {mode === 'nueva' ? (
          <>
            <Field id="inv-nombres" label="Nombres" error={errors.nombres}>
              <input
                {...fieldA11y('inv-nombres', errors.nombres)}
                className="input"
                autoComplete="given-name"
                maxLength={80}
                value={values.nombres}
                onChange={(e) => set('nombres')(e.target.value)}
              />
            </Field>
            <Field id="inv-apellidos" label="Apellidos" error={errors.apellidos}>
              <input
                {...fieldA11y('inv-apellidos', errors.apellidos)}
                className="input"
                autoComplete="family-name"
                maxLength={80}
                value={values.apellidos}
                onChange={(e) => set('apellidos')(e.target.value)}
              />
            </Field>
            {passwordField}
            <Field id="inv-confirmacion" label="Confirmar contraseña" error={errors.confirmacion}>
              <PasswordInput
                {...fieldA11y('inv-confirmacion', errors.confirmacion)}
                autoComplete="new-password"
                maxLength={128}
                value={values.confirmacion}
                onChange={(e) => set('confirmacion')(e.target.value)}
              />
            </Field>
          </>
        ) : (
          <>
            {passwordField}
            <p className="form__aside">
              <Link to="/auth/reset-password">¿Olvidaste tu contraseña?</Link>
            </p>
          </>
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? 'Aceptando…' : mode === 'nueva' ? 'Crear cuenta y aceptar' : 'Iniciar sesión y aceptar'}
        </button>
      </form>
      {mode === 'nueva' ? (
        <p className="auth-card__footer">
          ¿Ya tienes cuenta?{' '}
          <button type="button" className="link-button" onClick={() => switchMode('existente')}>
            Inicia sesión
          </button>
        </p>
      ) : invitation.cuenta_existente ? null : (
        <p className="auth-card__footer">
          ¿No tienes cuenta?{' '}
          <button type="button" className="link-button" onClick={() => switchMode('nueva')}>
            Crea una
          </button>
        </p>
      )}
    </InvitationFrame>
  );
}
