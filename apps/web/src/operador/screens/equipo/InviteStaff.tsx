import { useState, type FormEvent } from 'react';
import { STAFF_ROLES, type StaffRole } from '@togo/domain/operator/operator-auth.contract';
import { Field, fieldA11y } from '../../../components/ui/Field.tsx';
import { fieldErrors } from '../../../lib/api-client.ts';
import { ROLE_LABEL } from '../../lib/staff-role.tsx';
import { operatorErrorMessage } from '../../lib/operator-messages.ts';
import { inviteStaff, pendingInvitationOf, resendInvitation } from './staff-api.ts';

type Errors = Partial<Record<'correo' | 'nombre' | 'rol', string>>;

/**
 * Invite form: the server emails a one-time link (valid 7 days) to set a password. An address whose invitation is
 * still pending is offered a resend (issue 38) instead of an error.
 */
export function InviteStaff({
  onInvited,
  onResent,
}: {
  onInvited: (correo: string) => void;
  onResent: (correo: string) => void;
}) {
  const [correo, setCorreo] = useState('');
  const [nombre, setNombre] = useState('');
  const [rol, setRol] = useState<StaffRole>('operaciones');
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The pending member of the address just refused, offered a resend. */
  const [pending, setPending] = useState<{ id: number; correo: string } | null>(null);

  async function resend() {
    if (!pending) return;
    setBusy(true);
    setAlert(null);
    try {
      await resendInvitation(pending.id);
      onResent(pending.correo);
      setPending(null);
      setCorreo('');
      setNombre('');
    } catch (error) {
      setAlert(operatorErrorMessage(error, 'No pudimos reenviar la invitación.'));
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    setPending(null);
    const next: Errors = {};
    if (!/^\S+@\S+\.\S+$/.test(correo.trim())) next.correo = 'Ingresa un correo válido.';
    if (!nombre.trim()) next.nombre = 'Ingresa el nombre.';
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      await inviteStaff({ correo: correo.trim(), nombre: nombre.trim(), rol });
      onInvited(correo.trim());
      setCorreo('');
      setNombre('');
    } catch (error) {
      const pendingId = pendingInvitationOf(error);
      if (pendingId !== null) {
        setPending({ id: pendingId, correo: correo.trim() });
        return;
      }
      const fields: Errors = {
        correo: fieldErrors(error, 'correo')[0],
        nombre: fieldErrors(error, 'nombre')[0],
        rol: fieldErrors(error, 'rol')[0],
      };
      if (fields.correo || fields.nombre || fields.rol) setErrors(fields);
      else setAlert(operatorErrorMessage(error, 'No pudimos enviar la invitación.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="op-card op-form-row"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="op-invitar"
    >
      <h2 id="op-invitar" className="op-card__title">
        Invitar a un miembro del equipo
      </h2>
      {alert ? (
        <p className="op-alert op-alert--error" role="alert">
          {alert}
        </p>
      ) : null}
      {pending ? (
        <div className="op-alert op-alert--info" role="status">
          <p>
            Ya hay una invitación pendiente para {pending.correo}. Puedes reenviarla: el enlace anterior
            dejará de funcionar.
          </p>
          <button
            type="button"
            className="btn btn--secondary op-btn-sm"
            disabled={busy}
            onClick={() => void resend()}
          >
            Reenviar invitación
          </button>
        </div>
      ) : null}
      <div className="op-form-row__fields">
        <Field id="inv-correo" label="Correo" error={errors.correo}>
          <input
            {...fieldA11y('inv-correo', errors.correo)}
            className="input"
            type="email"
            value={correo}
            onChange={(e) => setCorreo(e.target.value)}
          />
        </Field>
        <Field id="inv-nombre" label="Nombre" error={errors.nombre}>
          <input
            {...fieldA11y('inv-nombre', errors.nombre)}
            className="input"
            value={nombre}
            maxLength={120}
            onChange={(e) => setNombre(e.target.value)}
          />
        </Field>
        <Field id="inv-rol" label="Rol" error={errors.rol}>
          <select
            {...fieldA11y('inv-rol', errors.rol)}
            className="input"
            value={rol}
            onChange={(e) => setRol(e.target.value as StaffRole)}
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy ? 'Enviando…' : 'Enviar invitación'}
      </button>
    </form>
  );
}
