import { useState, type FormEvent } from 'react';
import { ORGANISATION_ROLES, type OrganisationRole } from '@togo/domain/organisation/organisation.contract';
import { BackButton } from '../../../components/ui/BackButton.tsx';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { errorDetail, fieldErrors } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { fleetRole } from '../fleet-role.ts';
import { useInviteMemberMutation, useMembersQuery, useRemoveMemberMutation } from '../api/members.ts';
import '../fleet-views.css';
import { CompanyDataCard } from '../components/CompanyDataCard.tsx';
import { DigestToggle } from '../components/DigestToggle.tsx';

export const ROLE_NAMES: Record<OrganisationRole, string> = {
  administrador: 'Administrador',
  operador: 'Operador',
  consulta: 'Consulta',
};

/**
 * /flota/miembros (issue 16): the organisation's members and invitations; an administrador invites by email
 * with a role and removes members (their access ends at once).
 */
export function FleetMembersRoute() {
  usePageTitle('Miembros');
  const dialog = useDialog();
  const { isAdmin } = fleetRole();
  const members = useMembersQuery();
  const invite = useInviteMemberMutation();
  const remove = useRemoveMemberMutation();
  const [correo, setCorreo] = useState('');
  const [rol, setRol] = useState<OrganisationRole>('operador');
  const [sent, setSent] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    invite.mutate(
      { correo, rol },
      {
        onSuccess: (member) => {
          setSent(`Enviamos la invitación a ${member.correo}.`);
          setCorreo('');
        },
      },
    );
  };

  const removeMember = async (id: number, email: string) => {
    const ok = await dialog.show({
      title: '¿Eliminar miembro?',
      message: `${email} dejará de tener acceso a la flota.`,
      confirmText: 'Eliminar',
      cancelText: 'Cancelar',
    });
    if (!ok) return;
    remove.mutate(id, {
      onError: (error) =>
        void dialog.show({
          variant: 'error',
          title: '¡Ups!',
          message: errorDetail(error) ?? 'No se pudo eliminar el miembro, intenta nuevamente.',
        }),
    });
  };

  const emailError = fieldErrors(invite.error, 'correo')[0];
  const otherError =
    invite.isError && !emailError ? (errorDetail(invite.error) ?? 'No se pudo enviar la invitación.') : null;

  return (
    <section className="fleet-screen" aria-labelledby="members-title">
      <header className="fleet-screen__head">
        <div className="fleet-screen__heading">
          <BackButton to="/flota" />
          <h1 id="members-title" className="fleet-screen__title">
            Miembros
          </h1>
        </div>
      </header>

      {isAdmin ? (
        <form className="fleet-card fleet-invite" onSubmit={submit} noValidate>
          <h2 className="fleet-card__title">Invitar a un miembro</h2>
          <label>
            Correo electrónico
            <input
              type="email"
              value={correo}
              onChange={(e) => setCorreo(e.target.value)}
              required
              aria-invalid={emailError ? true : undefined}
            />
          </label>
          {emailError ? <p role="alert">{emailError}</p> : null}
          <label>
            Rol
            <select value={rol} onChange={(e) => setRol(e.target.value as OrganisationRole)}>
              {ORGANISATION_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_NAMES[r]}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            className="btn btn--primary"
            disabled={invite.isPending || correo.trim() === ''}
          >
            Enviar invitación
          </button>
          {otherError ? <p role="alert">{otherError}</p> : null}
          {sent ? <p role="status">{sent}</p> : null}
        </form>
      ) : null}

      {isAdmin ? <CompanyDataCard /> : null}

      <DigestToggle canChange={isAdmin} />

      {members.isPending ? (
        <TruckLoader />
      ) : (
        <div className="fleet-table-wrap">
          <table className="fleet-table fleet-table--cards">
            <caption className="visually-hidden">Miembros de la empresa</caption>
            <thead>
              <tr>
                <th scope="col">Correo</th>
                <th scope="col">Rol</th>
                <th scope="col">Estado</th>
                <th scope="col">
                  <span className="visually-hidden">Acciones</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(members.data ?? []).map((m) => (
                <tr key={m.id}>
                  <td data-label="Correo" className="fleet-table__email">
                    {m.correo}
                  </td>
                  <td data-label="Rol">{ROLE_NAMES[m.rol]}</td>
                  <td data-label="Estado">{m.estado === 'activo' ? 'Activo' : 'Invitación enviada'}</td>
                  <td className="fleet-table__actions">
                    {!isAdmin || (m.rol === 'administrador' && m.estado === 'activo') ? null : (
                      <button
                        type="button"
                        className="btn btn--secondary"
                        onClick={() => void removeMember(m.id, m.correo)}
                        disabled={remove.isPending}
                      >
                        Eliminar
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
