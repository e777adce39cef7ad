import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { totpCodeSchema } from '@togo/domain/operator/operator-auth.contract';
import { Field, fieldA11y } from '../../components/ui/Field.tsx';
import { operatorErrorMessage } from '../lib/operator-messages.ts';
import { staffMeKey, useOperatorToken, useStaffMe } from '../shell/session.ts';
import { usePageTitle } from '../shell/use-page-title.ts';
import { confirmTotp, startTotpEnrolment } from './auth-api.ts';
import { AuthFrame, FormAlert } from './AuthFrame.tsx';

/** The secret in groups of four, easier to type by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * /operador/verificacion: enrol TOTP. Shows the QR (and the secret as text, for typing), then confirms
 * with a first code. Required before anything else when the role needs it (totp_pendiente).
 */
export default function TotpEnrolment() {
  usePageTitle('Verificación en dos pasos');
  const token = useOperatorToken();
  const me = useStaffMe(token);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const alreadyOn = me.data?.totp === true;
  const enrolment = useQuery({
    queryKey: ['operador', 'totp-inscripcion', token],
    queryFn: startTotpEnrolment,
    enabled: me.isSuccess && !alreadyOn,
    staleTime: Infinity,
    gcTime: 0,
  });
  const [codigo, setCodigo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (alreadyOn) {
    return (
      <AuthFrame title="Verificación en dos pasos" lead="Ya está activada en tu cuenta.">
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
      await confirmTotp(codigo);
      await queryClient.invalidateQueries({ queryKey: staffMeKey });
      void navigate('/', { replace: true });
    } catch (failure) {
      setBusy(false);
      setCodigo('');
      setError(operatorErrorMessage(failure, 'No pudimos activar la verificación. Intenta de nuevo.'));
    }
  }

  return (
    <AuthFrame
      title="Activa la verificación en dos pasos"
      lead="Escanea el código QR con tu aplicación autenticadora (Google Authenticator, Microsoft Authenticator, 1Password…) y escribe el código que te muestre."
    >
      {enrolment.isPending ? (
        <p role="status" className="op-muted">
          Preparando tu código…
        </p>
      ) : enrolment.isError ? (
        <>
          <FormAlert message={operatorErrorMessage(enrolment.error, 'No pudimos preparar tu código.')} />
          <button
            type="button"
            className="btn btn--secondary btn--block"
            onClick={() => void enrolment.refetch()}
          >
            Reintentar
          </button>
        </>
      ) : (
        <div className="op-totp">
          <img
            className="op-totp__qr"
            src={enrolment.data.qr}
            width={200}
            height={200}
            alt="Código QR para tu aplicación autenticadora"
          />
          <p className="op-muted">¿No puedes escanearlo? Escribe esta clave en la aplicación:</p>
          <p className="op-totp__secret" data-testid="totp-secreto" aria-label="Clave secreta">
            {grouped(enrolment.data.secreto)}
          </p>
          <form className="form" onSubmit={(e) => void submit(e)} noValidate>
            <Field id="totp-codigo" label="Código de 6 dígitos" error={error}>
              <input
                {...fieldA11y('totp-codigo', error)}
                className="input op-code-input"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={codigo}
                onChange={(e) => setCodigo(e.target.value.replace(/\D/g, '').slice(0, 6))}
              />
            </Field>
            <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
              {busy ? 'Activando…' : 'Activar'}
            </button>
          </form>
        </div>
      )}
    </AuthFrame>
  );
}
