import { useEffect, useId, useRef, useState } from 'react';
import type { ClipboardEvent, FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { LoginResponse, MultipleAccounts, SocialProvider } from '@togo/domain/auth/auth.contract';
import { isEmail, isPhone, MSG, PHONE_LENGTH } from '@togo/domain/auth/auth.rules';
import { Field, fieldA11y } from '../../../components/ui/Field.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { PasswordInput } from '../../../components/ui/PasswordInput.tsx';
import { SelectModal } from '../../../components/ui/SelectModal.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { WaitMessage, retryAt } from '../../../components/ui/WaitMessage.tsx';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { errorDetail, fieldErrors, isApiError } from '../../../lib/api-client.ts';
import { useKeepEarlyInput } from '../../../lib/early-input.ts';
import { useSessionEndedMark } from '../../../lib/session-ended.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useLoginMutation } from '../api/login.ts';
import { useSocialLoginMutation } from '../api/social-login.ts';
import { SocialButtons } from '../components/SocialButtons.tsx';
import { forgetLoginEmail, peekLoginEmail } from '../login-email.ts';
import { multipleAccountsOf } from '../multiple-accounts.ts';
import { completeLogin } from '../post-login.ts';

type Mode = 'email' | 'phone';

interface Credentials {
  email: string;
  password: string;
}

const onlyDigits = (value: string) => value.replace(/\D/g, '').slice(0, PHONE_LENGTH);

/** auth/login: phone or email + password, Google/Facebook, account selection on 406. */
export function LoginRoute() {
  usePageTitle('Iniciar sesión');
  const navigate = useNavigate();
  // Sent here by a session closed elsewhere (lib/session-ended.ts): say why until the next sign-in.
  const sessionEnded = useSessionEndedMark();
  const dialog = useDialog();
  const loginMutation = useLoginMutation();
  const socialMutation = useSocialLoginMutation();
  const modeLabelId = useId();

  const [mode, setMode] = useState<Mode>('email');
  const [identifier, setIdentifier] = useState(() => peekLoginEmail() ?? '');
  const [password, setPassword] = useState('');
  useEffect(() => forgetLoginEmail(), []);
  const [touched, setTouched] = useState({ identifier: false, password: false });
  const [accounts, setAccounts] = useState<(MultipleAccounts & { credentials: Credentials }) | null>(null);

  const identifierError =
    mode === 'email'
      ? isEmail(identifier)
        ? null
        : MSG.loginEmailInvalid
      : isPhone(identifier)
        ? null
        : MSG.phoneDigits;
  const passwordError = password ? null : MSG.required;
  const busy = loginMutation.isPending || socialMutation.isPending;
  // The page arrives prerendered: until React has taken the form over, a submit would be the browser's own (a
  // reload that loses what was typed), so the button waits for it; what was typed meanwhile is kept (decision 050).
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  useKeepEarlyInput(formRef);

  const switchMode = (next: Mode) => {
    if (next === mode) return;
    setMode(next);
    setIdentifier('');
    setTouched((t) => ({ ...t, identifier: false }));
  };

  const signedIn = (response: LoginResponse) => void completeLogin(response, navigate);

  const attempt = async (credentials: Credentials, usuarioId?: number) => {
    try {
      const response = await loginMutation.mutateAsync(
        usuarioId == null ? credentials : { ...credentials, usuario_id: usuarioId },
      );
      signedIn(response);
    } catch (error) {
      const several = isApiError(error) && error.status === 406 ? multipleAccountsOf(error.body) : null;
      if (several) {
        setAccounts({ ...several, credentials });
        return;
      }
      setPassword('');
      setTouched({ identifier: false, password: false });
      if (mode === 'phone') {
        setMode('email');
        setIdentifier('');
      }
      const throttled = isApiError(error) && error.status === 429 ? errorDetail(error) : null;
      const until = retryAt(error);
      const offline = isApiError(error) && error.status === 0;
      await dialog.show({
        variant: 'warning',
        title: '¡Ups!',
        message:
          throttled && until !== null ? (
            <WaitMessage text={throttled} until={until} />
          ) : (
            (throttled ??
            (offline ? 'No hay conexión. Revisa tu internet e intenta de nuevo.' : MSG.loginFailed))
          ),
      });
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setTouched({ identifier: true, password: true });
    if (identifierError || passwordError) return;
    const email = mode === 'email' ? identifier.trim().toLowerCase() : identifier;
    void attempt({ email, password });
  };

  const onSocialToken = async (provider: SocialProvider, token: string) => {
    try {
      signedIn(await socialMutation.mutateAsync({ provider, token }));
    } catch (error) {
      const messages = [...fieldErrors(error, 'username'), ...fieldErrors(error, 'message')];
      const message = messages.length ? messages.join(' ') : (errorDetail(error) ?? MSG.unknownError);
      await dialog.show({ variant: 'warning', title: '¡Ups!', message });
    }
  };

  const onPhonePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    if (/\D/.test(event.clipboardData.getData('text'))) event.preventDefault();
  };

  return (
    <section className="auth-card">
      <PageHeader title="Iniciar sesión" back="/auth" />
      {sessionEnded ? (
        <p className="lead" role="status">
          Tu sesión se cerró. Inicia sesión de nuevo para continuar.
        </p>
      ) : null}
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <div className="segmented" role="group" aria-labelledby={modeLabelId}>
          <span id={modeLabelId} className="visually-hidden">
            Ingresar con
          </span>
          <button
            type="button"
            className="segmented__option"
            aria-pressed={mode === 'phone'}
            onClick={() => switchMode('phone')}
          >
            Celular
          </button>
          <button
            type="button"
            className="segmented__option"
            aria-pressed={mode === 'email'}
            onClick={() => switchMode('email')}
          >
            Correo
          </button>
        </div>

        {mode === 'phone' ? (
          <Field
            id="login-identifier"
            label="Número de celular"
            error={touched.identifier ? identifierError : null}
          >
            <input
              {...fieldA11y('login-identifier', touched.identifier ? identifierError : null)}
              key="phone"
              className="input"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={PHONE_LENGTH}
              placeholder="3001234567"
              value={identifier}
              onChange={(event) => setIdentifier(onlyDigits(event.target.value))}
              onPaste={onPhonePaste}
              onBlur={() => setTouched((t) => ({ ...t, identifier: true }))}
            />
          </Field>
        ) : (
          <Field
            id="login-identifier"
            label="Correo electrónico"
            error={touched.identifier ? identifierError : null}
          >
            <input
              {...fieldA11y('login-identifier', touched.identifier ? identifierError : null)}
              key="email"
              className="input"
              type="email"
              inputMode="email"
              autoComplete="username"
              maxLength={254}
              placeholder="tucorreo@ejemplo.com"
              value={identifier}
              onChange={(event) => setIdentifier(event.target.value)}
              onBlur={() => setTouched((t) => ({ ...t, identifier: true }))}
            />
          </Field>
        )}

        <Field id="login-password" label="Contraseña" error={touched.password ? passwordError : null}>
          <PasswordInput
            {...fieldA11y('login-password', touched.password ? passwordError : null)}
            autoComplete="current-password"
            maxLength={128}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, password: true }))}
          />
        </Field>

        <p className="form__aside">
          <Link to="/auth/reset-password">¿Olvidaste tu contraseña?</Link>
        </p>

        <button type="submit" className="btn btn--primary btn--block" disabled={busy || !hydrated}>
          Iniciar sesión
        </button>
      </form>

      <p className="divider">
        <span>o continúa con</span>
      </p>
      <SocialButtons onToken={(provider, token) => void onSocialToken(provider, token)} disabled={busy} />

      <p className="auth-card__footer">
        ¿No tienes cuenta? <Link to="/auth/create-account">Crear cuenta</Link>
      </p>

      <SelectModal
        open={accounts != null}
        title="Acción requerida"
        text={accounts?.detalles}
        options={(accounts?.opciones ?? []).map((option) => ({ label: option.correo, value: option.id }))}
        onClose={() => setAccounts(null)}
        onConfirm={(usuarioId) => {
          const credentials = accounts?.credentials;
          setAccounts(null);
          if (credentials) void attempt(credentials, usuarioId);
        }}
      />
      {busy ? <TruckLoader overlay /> : null}
    </section>
  );
}
