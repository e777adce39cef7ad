import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { InvitationState } from '@togo/domain/operator/operator-auth.contract';
import { Link, useSearchParams } from 'react-router';
import { staffPasswordSchema } from '@togo/domain/operator/operator-auth.contract';
import { Field, fieldA11y } from '../../components/ui/Field.tsx';
import { PasswordInput } from '../../components/ui/PasswordInput.tsx';
import { fieldErrors } from '../../lib/api-client.ts';
import { operatorErrorMessage } from '../lib/operator-messages.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import { acceptInvitation, checkInvitation } from './auth-api.ts';

/** The title of a link that no longer works, by why (its text is the server's). */
const GONE_TITLE: Record<InvitationState, string> = {
  invalida: 'Invitación no válida',
  usada: 'Invitación ya usada',
  vencida: 'Invitación vencida',
  reemplazada: 'Invitación reemplazada',
};
import { AuthFrame, FormAlert } from './AuthFrame.tsx';

/**
 * /operador/invitacion?token=…: the invited staff member sets a password, then signs in. The link is checked when
 * the page opens (issue 38): a used, expired or replaced link says so instead of showing the form.
 */
export default function AcceptInvitation() {
  usePageTitle('Aceptar invitación');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [clave, setClave] = useState('');
  const [repetir, setRepetir] = useState('');
  const [errors, setErrors] = useState<{ clave?: string; repetir?: string }>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const check = useQuery({
    queryKey: ['operador', 'invitacion', token],
    queryFn: ({ signal }) => checkInvitation(token, signal),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

  if (!token) {
    return (
      <AuthFrame
        title="Invitación no válida"
        lead="El enlace está incompleto. Pide a un administrador una nueva invitación."
      >
        <Link to="/ingresar" className="btn btn--secondary btn--block">
          Ir a ingresar
        </Link>
      </AuthFrame>
    );
  }

  if (done) {
    return (
      <AuthFrame title="¡Listo!" lead="Tu clave quedó definida. Ya puedes iniciar sesión.">
        <Link to="/ingresar" className="btn btn--primary btn--block">
          Iniciar sesión
        </Link>
      </AuthFrame>
    );
  }

  if (check.isPending) {
    return (
      <AuthFrame title="Aceptar invitación">
        <p role="status" className="op-muted">
          Comprobando la invitación…
        </p>
      </AuthFrame>
    );
  }

  if (check.isError) {
    return (
      <AuthFrame title="Aceptar invitación">
        <FormAlert message={operatorErrorMessage(check.error, 'No pudimos comprobar la invitación.')} />
        <button type="button" className="btn btn--secondary btn--block" onClick={() => void check.refetch()}>
          Reintentar
        </button>
      </AuthFrame>
    );
  }

  if (!check.data.live) {
    return (
      <AuthFrame title={GONE_TITLE[check.data.estado]} lead={check.data.detail}>
        <Link to="/ingresar" className="btn btn--secondary btn--block">
          Ir a ingresar
        </Link>
      </AuthFrame>
    );
  }
  const invited = check.data;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const next: typeof errors = {};
    const parsed = staffPasswordSchema.safeParse(clave);
    if (!parsed.success) next.clave = parsed.error.issues[0]?.message ?? 'Clave inválida.';
    if (repetir !== clave) next.repetir = 'Las claves no coinciden.';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await acceptInvitation(token, clave);
      setDone(true);
    } catch (error) {
      const claveError = fieldErrors(error, 'clave')[0];
      if (claveError) setErrors({ clave: claveError });
      else setAlert(operatorErrorMessage(error, 'No pudimos aceptar la invitación. Intenta de nuevo.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthFrame
      title="Aceptar invitación"
      lead={`Hola, ${invited.nombre}. Define la clave con la que ingresarás a la consola como ${invited.correo}.`}
    >
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <FormAlert message={alert} />
        <Field
          id="inv-clave"
          label="Clave nueva"
          error={errors.clave}
          hint="Al menos 12 caracteres; mejor una frase de varias palabras que no sea común."
        >
          <PasswordInput
            {...fieldA11y('inv-clave', errors.clave)}
            autoComplete="new-password"
            value={clave}
            onChange={(e) => setClave(e.target.value)}
            autoFocus
          />
        </Field>
        <Field id="inv-repetir" label="Repite la clave" error={errors.repetir}>
          <PasswordInput
            {...fieldA11y('inv-repetir', errors.repetir)}
            autoComplete="new-password"
            value={repetir}
            onChange={(e) => setRepetir(e.target.value)}
          />
        </Field>
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? 'Guardando…' : 'Definir clave'}
        </button>
      </form>
    </AuthFrame>
  );
}
