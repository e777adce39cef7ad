import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import {
  totpCodeSchema,
  type TotpEnrolment as Enrolment,
} from '@togo/domain/operator/operator-auth.contract';
import { Field, fieldA11y } from '../../components/ui/Field.tsx';
import { operatorErrorMessage } from '../lib/operator-messages.ts';
import { signOut, staffMeKey, useOperatorToken, useStaffMe } from '../lib/session.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import { confirmTotp, startTotpEnrolment } from './auth-api.ts';
import { AuthFrame, FormAlert } from './AuthFrame.tsx';

/** The secret in groups of four, easier to type by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** A 6-digit code field (the app's code). */
function CodeField(props: {
  id: string;
  label: string;
  value: string;
  error: string | null;
  onChange: (v: string) => void;
}) {
  return (
    <Field id={props.id} label={props.label} error={props.error}>
      <input
        {...fieldA11y(props.id, props.error)}
        className="input op-code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      />
    </Field>
  );
}

/** The recovery codes, shown once after a confirmation. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const navigate = useNavigate();
  return (
    <AuthFrame
      title="Verificación activada"
      lead="Guarda estos códigos de recuperación en un lugar seguro. Cada uno te deja ingresar una vez si pierdes tu teléfono; no los volveremos a mostrar."
    >
      <p role="status" className="op-alert op-alert--ok">
        Tu verificación en dos pasos quedó activada.
      </p>
      <ul className="op-recovery" aria-label="Códigos de recuperación" data-testid="codigos-recuperacion">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <button
        type="button"
        className="btn btn--primary btn--block"
        onClick={() => void navigate('/', { replace: true })}
      >
        Ya los guardé, continuar
      </button>
    </AuthFrame>
  );
}

/**
 * /operador/verificacion: enrol TOTP. Shows the QR (and the secret as text, for typing), confirms with a first
 * code and shows the 10 recovery codes once. Required before anything else when the role needs it
 * (totp_pendiente). With TOTP already on, a new enrolment (another phone) first asks for the current code; the
 * old one keeps working until the new one is confirmed (decision 065).
 */
export default function TotpEnrolment() {
  usePageTitle('Verificación en dos pasos');
  const token = useOperatorToken();
  const me = useStaffMe(token);
  const queryClient = useQueryClient();
  const alreadyOn = me.data?.totp === true;
  const first = useQuery({
    queryKey: ['operador', 'totp-inscripcion', token],
    queryFn: () => startTotpEnrolment(),
    enabled: me.isSuccess && !alreadyOn,
    staleTime: Infinity,
    gcTime: 0,
  });
  /** A new enrolment started with the current code (TOTP already on). */
  const [renewal, setRenewal] = useState<Enrolment | null>(null);
  const [actual, setActual] = useState('');
  const [codigo, setCodigo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) return <RecoveryCodes codes={codes} />;

  async function renew(event: FormEvent) {
    event.preventDefault();
    if (!totpCodeSchema.safeParse(actual).success) {
      setError('El código tiene 6 dígitos.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setRenewal(await startTotpEnrolment(actual));
    } catch (failure) {
      setActual('');
      setError(operatorErrorMessage(failure, 'No pudimos iniciar el cambio. Intenta de nuevo.'));
    } finally {
      setBusy(false);
    }
  }

  if (alreadyOn && !renewal) {
    const left = me.data?.recuperacion_restantes ?? 0;
    return (
      <AuthFrame
        title="Verificación en dos pasos"
        lead={`Ya está activada en tu cuenta. Te quedan ${left} ${left === 1 ? 'código' : 'códigos'} de recuperación.`}
      >
        <form className="form" onSubmit={(e) => void renew(e)} noValidate>
          <h2 className="op-totp__title">Cambiar de teléfono o generar códigos nuevos</h2>
          <p className="op-muted">
            Escribe el código que muestra tu aplicación ahora. La verificación actual sigue funcionando hasta
            que confirmes la nueva.
          </p>
          <CodeField
            id="totp-actual"
            label="Código actual"
            value={actual}
            error={error}
            onChange={setActual}
          />
          <button type="submit" className="btn btn--secondary btn--block" disabled={busy}>
            {busy ? 'Verificando…' : 'Configurar de nuevo'}
          </button>
        </form>
        <Link to="/" className="btn btn--primary btn--block">
          Ir al inicio
        </Link>
      </AuthFrame>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!totpCodeSchema.safeParse(codigo).success) {
      setError('El código tiene 6 dígitos.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const confirmed = await confirmTotp(codigo);
      await queryClient.invalidateQueries({ queryKey: staffMeKey });
      setCodes(confirmed.codigos_recuperacion);
    } catch (failure) {
      setBusy(false);
      setCodigo('');
      setError(operatorErrorMessage(failure, 'No pudimos activar la verificación. Intenta de nuevo.'));
    }
  }

  const enrolment = renewal ?? first.data;
  /**
   * The way back (issue 38): a session that must enrol first can only sign out (nothing else is open to it);
   * otherwise back to the console, the current verification (if any) unchanged.
   */
  const back = me.data?.totp_pendiente ? (
    <button type="button" className="link-button" onClick={() => void signOut(queryClient)}>
      Cerrar sesión y volver a ingresar más tarde
    </button>
  ) : renewal ? (
    <button type="button" className="link-button" onClick={() => setRenewal(null)}>
      Cancelar y seguir con la verificación actual
    </button>
  ) : (
    <Link to="/" className="link-button">
      Volver al inicio sin activarla
    </Link>
  );
  return (
    <AuthFrame
      title="Activa la verificación en dos pasos"
      lead="Escanea el código QR con tu aplicación autenticadora (Google Authenticator, Microsoft Authenticator, 1Password…) y escribe el código que te muestre."
    >
      {enrolment ? (
        <div className="op-totp">
          <img
            className="op-totp__qr"
            src={enrolment.qr}
            width={200}
            height={200}
            alt="Código QR para tu aplicación autenticadora"
          />
          <p className="op-muted">¿No puedes escanearlo? Escribe esta clave en la aplicación:</p>
          <p className="op-totp__secret" data-testid="totp-secreto" aria-label="Clave secreta">
            {grouped(enrolment.secreto)}
          </p>
          <form className="form" onSubmit={(e) => void submit(e)} noValidate>
            <CodeField
              id="totp-codigo"
              label="Código de 6 dígitos"
              value={codigo}
              error={error}
              onChange={setCodigo}
            />
            <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
              {busy ? 'Activando…' : 'Activar'}
            </button>
          </form>
          {back}
        </div>
      ) : first.isError ? (
        <>
          <FormAlert message={operatorErrorMessage(first.error, 'No pudimos preparar tu código.')} />
          <button
            type="button"
            className="btn btn--secondary btn--block"
            onClick={() => void first.refetch()}
          >
            Reintentar
          </button>
        </>
      ) : (
        <p role="status" className="op-muted">
          Preparando tu código…
        </p>
      )}
      {enrolment ? null : back}
    </AuthFrame>
  );
}
