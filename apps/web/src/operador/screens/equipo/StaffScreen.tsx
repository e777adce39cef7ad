import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { STAFF_ROLES, type StaffMember, type StaffRole } from '@togo/domain/operator/operator-auth.contract';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { StaleVersionNotice } from '../../components/StaleVersionNotice.tsx';
import { isStaleVersion, operatorErrorMessage } from '../../lib/operator-messages.ts';
import { ROLE_LABEL } from '../../lib/staff-role.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { InviteStaff } from './InviteStaff.tsx';
import {
  listStaff,
  resendInvitation,
  resetStaffTotp,
  revokeInvitation,
  staffKey,
  unlockStaff,
  updateStaff,
} from './staff-api.ts';

/** A member's state as the list says it: locked by failed sign-ins shows before "Activo" (issue 38). */
function stateOf(m: StaffMember): string {
  if (!m.activo) return 'Inactivo';
  if (m.invitacion_pendiente) return 'Invitación pendiente';
  if (m.bloqueado) return 'Bloqueado';
  return m.totp ? 'Activo · 2 pasos' : 'Activo';
}

/**
 * /operador/equipo (admin): the staff list, invitations (sent, resent, revoked), role changes, deactivation and
 * unlocking a member locked by failed sign-ins.
 */
export default function StaffScreen() {
  usePageTitle('Equipo');
  const queryClient = useQueryClient();
  const staff = useQuery({ queryKey: staffKey, queryFn: ({ signal }) => listStaff(signal) });
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  const [stale, setStale] = useState(false);
  // The in-app confirmation before resetting a second factor or deactivating (issue 38: no window.confirm).
  const [asking, setAsking] = useState<{
    kind: 'totp' | 'desactivar' | 'revocar';
    member: StaffMember;
  } | null>(null);

  async function change(member: StaffMember, body: { rol?: StaffRole; activo?: boolean }, done: string) {
    setPending(member.id);
    setNotice(null);
    setStale(false);
    try {
      await updateStaff(member, body);
      await queryClient.invalidateQueries({ queryKey: staffKey });
      setNotice({ ok: true, text: done });
    } catch (error) {
      // Someone changed this member since the list was read (decision 096): offer the current list.
      if (isStaleVersion(error)) setStale(true);
      else setNotice({ ok: false, text: operatorErrorMessage(error, 'No pudimos guardar el cambio.') });
    } finally {
      setPending(null);
    }
  }

  /** A one-shot action on a member (resend, revoke, unlock): the list is read again and `done` said. */
  async function act(member: StaffMember, run: () => Promise<unknown>, done: string, failed: string) {
    setPending(member.id);
    setNotice(null);
    try {
      await run();
      await queryClient.invalidateQueries({ queryKey: staffKey });
      setNotice({ ok: true, text: done });
    } catch (error) {
      setNotice({ ok: false, text: operatorErrorMessage(error, failed) });
    } finally {
      setPending(null);
    }
  }

  async function resetTotp(member: StaffMember) {
    setPending(member.id);
    setNotice(null);
    try {
      await resetStaffTotp(member.id);
      await queryClient.invalidateQueries({ queryKey: staffKey });
      setNotice({
        ok: true,
        text: `Verificación de ${member.nombre} restablecida. Deberá activarla al ingresar.`,
      });
    } catch (error) {
      setNotice({ ok: false, text: operatorErrorMessage(error, 'No pudimos restablecer la verificación.') });
    } finally {
      setPending(null);
    }
  }

  const columns: Column<StaffMember>[] = [
    { key: 'nombre', header: 'Nombre', render: (m) => m.nombre },
    { key: 'correo', header: 'Correo', render: (m) => m.correo },
    {
      key: 'rol',
      header: 'Rol',
      render: (m) => (
        <select
          className="input op-input-sm"
          aria-label={`Rol de ${m.nombre}`}
          value={m.rol}
          disabled={pending === m.id}
          onChange={(e) =>
            void change(m, { rol: e.target.value as StaffRole }, `Rol de ${m.nombre} actualizado.`)
          }
        >
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABEL[r]}
            </option>
          ))}
        </select>
      ),
    },
    {
      key: 'estado',
      header: 'Estado',
      render: stateOf,
    },
    {
      key: 'acciones',
      header: 'Acciones',
      render: (m) => (
        <div className="op-actions">
          {m.bloqueado && m.activo ? (
            <button
              type="button"
              className="btn btn--secondary op-btn-sm"
              disabled={pending === m.id}
              onClick={() =>
                void act(
                  m,
                  () => unlockStaff(m.id),
                  `Se desbloqueó la cuenta de ${m.nombre}.`,
                  'No pudimos desbloquear la cuenta.',
                )
              }
            >
              Desbloquear
            </button>
          ) : null}
          {m.invitacion_pendiente ? (
            <>
              <button
                type="button"
                className="btn btn--secondary op-btn-sm"
                disabled={pending === m.id}
                onClick={() =>
                  void act(
                    m,
                    () => resendInvitation(m.id),
                    `Invitación reenviada a ${m.correo}. El enlace anterior ya no funciona.`,
                    'No pudimos reenviar la invitación.',
                  )
                }
              >
                Reenviar invitación
              </button>
              <button
                type="button"
                className="btn btn--secondary op-btn-sm"
                disabled={pending === m.id}
                onClick={() => setAsking({ kind: 'revocar', member: m })}
              >
                Revocar invitación
              </button>
            </>
          ) : null}
          {m.totp ? (
            <button
              type="button"
              className="btn btn--secondary op-btn-sm"
              disabled={pending === m.id}
              onClick={() => setAsking({ kind: 'totp', member: m })}
            >
              Restablecer verificación
            </button>
          ) : null}
          {m.invitacion_pendiente ? null : (
            <button
              type="button"
              className="btn btn--secondary op-btn-sm"
              disabled={pending === m.id}
              onClick={() => {
                if (m.activo) setAsking({ kind: 'desactivar', member: m });
                else void change(m, { activo: true }, `Se activó la cuenta de ${m.nombre}.`);
              }}
            >
              {m.activo ? 'Desactivar' : 'Reactivar'}
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <section className="op-screen" aria-labelledby="op-equipo">
      <h1 id="op-equipo" className="op-screen__title">
        Equipo
      </h1>
      <InviteStaff
        onInvited={(correo) => {
          setNotice({ ok: true, text: `Invitación enviada a ${correo}.` });
          void queryClient.invalidateQueries({ queryKey: staffKey });
        }}
        onResent={(correo) => {
          setNotice({
            ok: true,
            text: `Invitación reenviada a ${correo}. El enlace anterior ya no funciona.`,
          });
          void queryClient.invalidateQueries({ queryKey: staffKey });
        }}
      />
      {notice ? (
        <p
          className={notice.ok ? 'op-alert op-alert--ok' : 'op-alert op-alert--error'}
          role={notice.ok ? 'status' : 'alert'}
        >
          {notice.text}
        </p>
      ) : null}
      {stale ? (
        <StaleVersionNotice
          onReload={() => {
            setStale(false);
            void queryClient
              .invalidateQueries({ queryKey: staffKey })
              .then(() => setNotice({ ok: true, text: 'Se cargó la versión actual.' }));
          }}
        />
      ) : null}
      <DataTable
        caption="Miembros del equipo"
        columns={columns}
        rows={staff.data}
        rowKey={(m) => m.id}
        error={staff.isError ? operatorErrorMessage(staff.error, 'No pudimos cargar el equipo.') : null}
        onRetry={() => void staff.refetch()}
        empty="Todavía no hay miembros del equipo."
        layout="stack"
      />
      {asking?.kind === 'totp' ? (
        <ConfirmDialog
          title={`¿Restablecer la verificación en dos pasos de ${asking.member.nombre}?`}
          confirmLabel="Sí, restablecer"
          tone="danger"
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            void resetTotp(asking.member);
          }}
        >
          <p>Se cerrarán sus sesiones y deberá activarla de nuevo la próxima vez que ingrese.</p>
        </ConfirmDialog>
      ) : null}
      {asking?.kind === 'revocar' ? (
        <ConfirmDialog
          title={`¿Revocar la invitación de ${asking.member.nombre}?`}
          confirmLabel="Sí, revocar"
          tone="danger"
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            void act(
              asking.member,
              () => revokeInvitation(asking.member.id),
              `Se revocó la invitación de ${asking.member.nombre}.`,
              'No pudimos revocar la invitación.',
            );
          }}
        >
          <p>Su enlace dejará de funcionar y podrás invitar de nuevo ese correo.</p>
        </ConfirmDialog>
      ) : null}
      {asking?.kind === 'desactivar' ? (
        <ConfirmDialog
          title={`¿Desactivar a ${asking.member.nombre}?`}
          confirmLabel="Sí, desactivar"
          tone="danger"
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            void change(
              asking.member,
              { activo: false },
              `Se desactivó la cuenta de ${asking.member.nombre}.`,
            );
          }}
        >
          <p>Se cerrarán todas sus sesiones.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
