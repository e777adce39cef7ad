import { DATA_POLICY } from '@togo/domain/auth/data-policy';
import { useEffect, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { APP_IDENTIFIER, MSG, OTP_VALIDITY_SECONDS } from '@togo/domain/auth/auth.rules';
import { Field, fieldA11y } from '../../../components/ui/Field.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { PasswordInput } from '../../../components/ui/PasswordInput.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { WaitMessage, retryAt } from '../../../components/ui/WaitMessage.tsx';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { errorDetail, isApiError } from '../../../lib/api-client.ts';
import { useKeepEarlyInput } from '../../../lib/early-input.ts';
import { SESSION_KEYS, setSessionFlag } from '../../../lib/storage.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useRequestOtpMutation } from '../api/request-otp.ts';
import { createEmailAvailability } from '../email-availability.ts';
import { getOtpFlow, setOtpFlow } from '../otp-flow.ts';
import { freshCodeUntil, pendingFormValues, setPendingRegistration } from '../pending-registration.ts';
import { buildAccountPayload } from '../registration-payload.ts';
import { createRegistrationSchema } from '../registration-schema.ts';
import type { RegistrationValues } from '../registration-schema.ts';

const EMAIL_CHECK_DEBOUNCE_MS = 600;
const normalize = (email: string) => email.trim().toLowerCase();

/** auth/create-account: registration form; a valid submit asks for the REGISTRO_USUARIO code. */
export function CreateAccountRoute() {
  usePageTitle('Crear cuenta');
  const navigate = useNavigate();
  const dialog = useDialog();
  const requestOtp = useRequestOtpMutation();

  const [emails] = useState(createEmailAvailability);
  const [checking, setChecking] = useState(false);
  const [resolver] = useState(() =>
    zodResolver(createRegistrationSchema((email) => emails.isBlocked(email))),
  );
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    setValue,
    formState: { errors, isValid, isSubmitting },
  } = useForm<RegistrationValues>({
    mode: 'onTouched',
    resolver,
    // Back from the code screen the form shows what was typed (issue 36).
    defaultValues: pendingFormValues() ?? {
      nombres: '',
      apellidos: '',
      email: '',
      telefono: '',
      password: '',
      password_confirmation: '',
      politica: false,
    },
  });

  useEffect(() => () => emails.cancel(), [emails]);
  // The page arrives prerendered: what was typed before the app took it over goes through the fields' own
  // handlers (the email's check with the server included), decision 050.
  const formRef = useRef<HTMLFormElement>(null);
  useKeepEarlyInput(formRef);

  /** Checks the email with the server (once per email), then re-validates the field if it still holds it. */
  const checkEmail = async (email: string) => {
    const result = emails.verify(email);
    if (emails.isChecking()) setChecking(true);
    await result;
    setChecking(emails.isChecking());
    if (normalize(getValues('email')) === normalize(email)) await trigger('email');
  };

  const emailField = register('email', {
    onBlur: (event: { target: { value: string } }) => {
      emails.cancel();
      void checkEmail(event.target.value);
    },
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      emails.schedule(() => void checkEmail(value), EMAIL_CHECK_DEBOUNCE_MS);
    },
  });

  const onValid = async (values: RegistrationValues) => {
    await checkEmail(values.email);
    if (emails.status(values.email) !== 'free') {
      await trigger('email', { shouldFocus: true });
      return;
    }
    const payload = buildAccountPayload(values);
    const fresh = freshCodeUntil(payload);
    if (fresh !== null) {
      // The code sent for this email and phone still works: no new code, nothing counted (issue 36).
      const flow = getOtpFlow();
      setPendingRegistration(payload, fresh);
      setOtpFlow({
        mode: 'create',
        proceso: 'REGISTRO_USUARIO',
        identificador: payload.email,
        usuario_id: null,
        from: null,
        destino: flow?.mode === 'create' ? flow.destino : null,
      });
      setSessionFlag(SESSION_KEYS.accessOtp);
      await navigate('/auth/send-code');
      return;
    }
    try {
      const response = await requestOtp.mutateAsync({
        correo: payload.email,
        numero_telefono: payload.tercero.telefono,
        aplicacion: APP_IDENTIFIER,
        proceso: 'REGISTRO_USUARIO',
      });
      setPendingRegistration(payload, Date.now() + OTP_VALIDITY_SECONDS * 1000);
      setOtpFlow({
        mode: 'create',
        proceso: 'REGISTRO_USUARIO',
        identificador: payload.email,
        usuario_id: null,
        from: null,
        destino: response.otp?.destino ?? null,
      });
      setSessionFlag(SESSION_KEYS.accessOtp);
      await navigate('/auth/send-code');
    } catch (error) {
      const throttled = isApiError(error) && error.status === 429 ? errorDetail(error) : null;
      const until = retryAt(error);
      void dialog.show({
        variant: 'error',
        title: '¡Ups!',
        message:
          throttled && until !== null ? (
            <WaitMessage text={throttled} until={until} />
          ) : (
            (throttled ?? MSG.otpSendFailed)
          ),
      });
    }
  };

  const busy = isSubmitting || requestOtp.isPending;
  const err = (name: keyof RegistrationValues) => errors[name]?.message ?? null;
  const passwordField = register('password', { deps: 'password_confirmation' });

  return (
    <section className="auth-card">
      <PageHeader title="Crea tu cuenta" back="/auth" />
      <form ref={formRef} className="form" noValidate onSubmit={(event) => void handleSubmit(onValid)(event)}>
        <Field id="ca-nombres" label="Nombres" error={err('nombres')}>
          <input
            {...fieldA11y('ca-nombres', err('nombres'))}
            {...register('nombres')}
            className="input"
            autoComplete="given-name"
            maxLength={80}
          />
        </Field>
        <Field id="ca-apellidos" label="Apellidos" error={err('apellidos')}>
          <input
            {...fieldA11y('ca-apellidos', err('apellidos'))}
            {...register('apellidos')}
            className="input"
            autoComplete="family-name"
            maxLength={80}
          />
        </Field>
        <Field
          id="ca-email"
          label="Correo electrónico"
          error={err('email')}
          hint={checking ? 'Verificando correo…' : null}
        >
          <input
            {...fieldA11y('ca-email', err('email'))}
            {...emailField}
            className="input"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
          />
        </Field>
        <Field id="ca-telefono" label="Número de celular" error={err('telefono')}>
          <input
            {...fieldA11y('ca-telefono', err('telefono'))}
            {...register('telefono', {
              // The field takes digits only (issue 36): letters and spaces never appear in it.
              onChange: (event: { target: HTMLInputElement }) => {
                const digits = event.target.value.replace(/\D/g, '');
                if (digits !== event.target.value) setValue('telefono', digits, { shouldValidate: true });
              },
            })}
            className="input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
          />
        </Field>
        <Field id="ca-password" label="Contraseña" error={err('password')}>
          <PasswordInput
            {...fieldA11y('ca-password', err('password'))}
            {...passwordField}
            autoComplete="new-password"
            maxLength={128}
          />
        </Field>
        <Field
          id="ca-password-confirmation"
          label="Confirmar contraseña"
          error={err('password_confirmation')}
        >
          <PasswordInput
            {...fieldA11y('ca-password-confirmation', err('password_confirmation'))}
            {...register('password_confirmation')}
            autoComplete="new-password"
            maxLength={128}
          />
        </Field>
        <div className={err('politica') ? 'field field--invalid' : 'field'}>
          <label className="check-field" htmlFor="ca-politica">
            <input
              id="ca-politica"
              type="checkbox"
              aria-invalid={err('politica') ? true : undefined}
              aria-describedby={err('politica') ? 'ca-politica-error' : undefined}
              {...register('politica')}
            />
            <span>
              Acepto la{' '}
              <a href={DATA_POLICY.url} target="_blank" rel="noopener noreferrer">
                política de tratamiento de datos personales
              </a>{' '}
              (Ley 1581 de 2012).
            </span>
          </label>
          {err('politica') ? (
            <p id="ca-politica-error" className="field-error" role="alert">
              {err('politica')}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={!isValid || busy}
          // Keeps focus in the field on press: the blur re-validation must not re-render the button
          // between mousedown and click (which swallowed the first click).
          onMouseDown={(event) => event.preventDefault()}
        >
          Crear cuenta
        </button>
      </form>
      <p className="auth-card__footer">
        ¿Ya tienes cuenta? <Link to="/auth/login">Iniciar sesión</Link>
      </p>
      {busy ? <TruckLoader overlay /> : null}
    </section>
  );
}
