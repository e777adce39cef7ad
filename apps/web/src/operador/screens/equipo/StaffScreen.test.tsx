import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  OPERATOR_MSG,
  staffMemberSchema,
  totpResetSchema,
  type StaffMember,
} from '@togo/domain/operator/operator-auth.contract';
import { contractJson, json, server } from '../../../test/api-server.ts';
import { setOperatorToken } from '../../lib/operator-api.ts';
import { ADMIN_ME, answerMe, renderConsole } from '../../test/render-console.tsx';

const member: StaffMember = {
  id: 2,
  correo: 'luis@togo.co',
  nombre: 'Luis Ops',
  rol: 'operaciones',
  activo: true,
  totp: false,
  invitacion_pendiente: false,
  bloqueado: false,
  version: 5,
};

function setup(extra: Partial<typeof member> = {}) {
  setOperatorToken('tok');
  const { id, correo, nombre, rol, totp } = ADMIN_ME;
  let list: StaffMember[] = [
    {
      id,
      correo,
      nombre,
      rol,
      totp,
      activo: true,
      invitacion_pendiente: false,
      bloqueado: false,
      version: 0,
    },
    { ...member, ...extra },
  ];
  /** The JSON bodies each 'METHOD path' was sent, and the If-Match headers. */
  const sent: Record<string, unknown[]> = {};
  const ifMatch: (string | null)[] = [];
  const body = async (key: string, request: Request) => {
    const value = (await request.json()) as Record<string, unknown>;
    (sent[key] ??= []).push(value);
    return value;
  };
  server.use(
    answerMe(),
    http.get('/api/operador/staff/', () => contractJson(staffMemberSchema.array(), list)),
    http.post('/api/operador/staff/', async ({ request }) => {
      const invited = await body('POST /api/operador/staff/', request);
      if (invited.correo === 'ana@togo.co')
        return json(400, { correo: ['Ya existe un miembro del equipo con este correo.'] });
      if (invited.correo === 'luis@togo.co')
        return json(409, { detail: OPERATOR_MSG.invitationPending, staff_id: 2 });
      const added: StaffMember = { ...member, id: 3, ...invited, invitacion_pendiente: true };
      list = [...list, added];
      return contractJson(staffMemberSchema, added, { status: 201 });
    }),
    http.post('/api/operador/staff/2/totp/restablecer/', async ({ request }) => {
      (sent['POST /api/operador/staff/2/totp/restablecer/'] ??= []).push(await request.text());
      list = list.map((m) => (m.id === 2 ? { ...m, totp: false } : m));
      return contractJson(totpResetSchema, { id: 2, totp: false });
    }),
    http.post('/api/operador/staff/2/invitacion/', () => {
      (sent['POST /api/operador/staff/2/invitacion/'] ??= []).push(null);
      return json(200, { id: 2, correo: 'luis@togo.co' });
    }),
    http.delete('/api/operador/staff/2/invitacion/', () => {
      (sent['DELETE /api/operador/staff/2/invitacion/'] ??= []).push(null);
      list = list.filter((m) => m.id !== 2);
      return new Response(null, { status: 204 });
    }),
    http.post('/api/operador/staff/2/desbloquear/', () => {
      (sent['POST /api/operador/staff/2/desbloquear/'] ??= []).push(null);
      list = list.map((m) => (m.id === 2 ? { ...m, bloqueado: false } : m));
      return json(200, { id: 2, bloqueado: false });
    }),
    http.patch('/api/operador/staff/2/', async ({ request }) => {
      ifMatch.push(request.headers.get('if-match'));
      const patch = await body('PATCH /api/operador/staff/2/', request);
      list = list.map((m) => (m.id === 2 ? { ...m, ...patch, version: m.version + 1 } : m));
      return contractJson(staffMemberSchema, list[1]!);
    }),
  );
  return { api: { bodies: (key: string) => sent[key] ?? [], ifMatch }, ...renderConsole('/equipo') };
}

describe('staff screen', () => {
  it('invites a member; a taken email is shown on the field', async () => {
    const { user, api } = setup();
    await user.type(await screen.findByLabelText('Correo'), 'ana@togo.co');
    await user.type(screen.getByLabelText('Nombre'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(await screen.findByText('Ya existe un miembro del equipo con este correo.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Correo'));
    await user.type(screen.getByLabelText('Correo'), 'sofi@togo.co');
    await user.selectOptions(screen.getByLabelText('Rol'), 'soporte');
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(await screen.findByText('Invitación enviada a sofi@togo.co.')).toBeInTheDocument();
    expect(api.bodies('POST /api/operador/staff/').at(-1)).toEqual({
      correo: 'sofi@togo.co',
      nombre: 'Ana',
      rol: 'soporte',
    });
    expect(await screen.findByText('Invitación pendiente')).toBeInTheDocument();
  });

  it('changes a role and deactivates after confirming', async () => {
    const { user, api } = setup();
    const row = (await screen.findByText('Luis Ops')).closest('tr') as HTMLElement;
    await user.selectOptions(within(row).getByLabelText('Rol de Luis Ops'), 'contenido');
    expect(await screen.findByText('Rol de Luis Ops actualizado.')).toBeInTheDocument();
    const confirm = vi.spyOn(window, 'confirm');
    const deactivate = within(row).getByRole('button', { name: 'Desactivar' });
    await user.click(deactivate);
    // An in-app dialog (issue 38), not window.confirm: "Volver" closes it, nothing sent, focus back on the button.
    let dialog = screen.getByRole('alertdialog', { name: '¿Desactivar a Luis Ops?' });
    expect(dialog).toHaveAccessibleDescription('Se cerrarán todas sus sesiones.');
    expect(within(dialog).getByRole('button', { name: 'Volver' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deactivate).toHaveFocus();
    await user.click(deactivate);
    dialog = screen.getByRole('alertdialog', { name: '¿Desactivar a Luis Ops?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sí, desactivar' }));
    expect(confirm).not.toHaveBeenCalled();
    // Worded for any gender (issue 38: 'Laura Peña quedó desactivado').
    expect(await screen.findByText('Se desactivó la cuenta de Luis Ops.')).toBeInTheDocument();
    expect(api.bodies('PATCH /api/operador/staff/2/')).toEqual([{ rol: 'contenido' }, { activo: false }]);
    // Each change is sent with the version the list showed; the second one after the list was read again.
    expect(api.ifMatch).toEqual(['"5"', '"6"']);
  });

  it('a member changed by someone else since the list was read (409): the notice explains it and reloads', async () => {
    const { user } = setup();
    server.use(http.patch('/api/operador/staff/2/', () => json(409, { detail: OPERATOR_MSG.staleVersion })));
    const row = (await screen.findByText('Luis Ops')).closest('tr') as HTMLElement;
    await user.selectOptions(within(row).getByLabelText('Rol de Luis Ops'), 'contenido');
    const notice = await screen.findByTestId('stale-version');
    expect(notice).toHaveTextContent('Otra persona guardó cambios mientras editabas.');
    await user.click(within(notice).getByRole('button', { name: 'Recargar la versión actual' }));
    expect(await screen.findByText('Se cargó la versión actual.')).toBeInTheDocument();
    expect(screen.queryByTestId('stale-version')).toBeNull();
    expect(within(row).getByLabelText('Rol de Luis Ops')).toHaveValue('operaciones');
  });

  it('resets a colleague’s second factor after confirming, and says what follows (decision 065)', async () => {
    const { user, api } = setup({ totp: true });
    const row = (await screen.findByText('Luis Ops')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Restablecer verificación' }));
    const dialog = screen.getByRole('alertdialog', {
      name: '¿Restablecer la verificación en dos pasos de Luis Ops?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Sí, restablecer' }));
    expect(
      await screen.findByText('Verificación de Luis Ops restablecida. Deberá activarla al ingresar.'),
    ).toBeInTheDocument();
    expect(api.bodies('POST /api/operador/staff/2/totp/restablecer/')).toHaveLength(1);
    expect(within(row).queryByRole('button', { name: 'Restablecer verificación' })).toBeNull();
  });

  it('a member locked by failed sign-ins shows "Bloqueado" and an admin unlocks them', async () => {
    const { user, api } = setup({ bloqueado: true });
    const row = (await screen.findByText('Luis Ops')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('cell', { name: 'Bloqueado' })).toBeInTheDocument();
    expect(within(row).queryByRole('cell', { name: 'Activo' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Desbloquear' }));
    expect(await screen.findByText('Se desbloqueó la cuenta de Luis Ops.')).toBeInTheDocument();
    expect(api.bodies('POST /api/operador/staff/2/desbloquear/')).toHaveLength(1);
    expect(await within(row).findByRole('cell', { name: 'Activo' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Desbloquear' })).toBeNull();
  });

  it('a pending invitation can be resent or revoked from its row', async () => {
    const { user, api } = setup({ invitacion_pendiente: true });
    const row = (await screen.findByText('Luis Ops')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('cell', { name: 'Invitación pendiente' })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Reenviar invitación' }));
    expect(
      await screen.findByText('Invitación reenviada a luis@togo.co. El enlace anterior ya no funciona.'),
    ).toBeInTheDocument();
    expect(api.bodies('POST /api/operador/staff/2/invitacion/')).toHaveLength(1);
    await user.click(within(row).getByRole('button', { name: 'Revocar invitación' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Revocar la invitación de Luis Ops?' });
    expect(dialog).toHaveAccessibleDescription(
      'Su enlace dejará de funcionar y podrás invitar de nuevo ese correo.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Sí, revocar' }));
    expect(await screen.findByText('Se revocó la invitación de Luis Ops.')).toBeInTheDocument();
    expect(api.bodies('DELETE /api/operador/staff/2/invitacion/')).toHaveLength(1);
    expect(screen.queryByText('Luis Ops')).toBeNull();
  });

  it('inviting an address whose invitation is pending offers to resend it', async () => {
    const { user, api } = setup({ invitacion_pendiente: true });
    await user.type(await screen.findByLabelText('Correo'), 'luis@togo.co');
    await user.type(screen.getByLabelText('Nombre'), 'Luis');
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    const offer = await screen.findByText(/Ya hay una invitación pendiente para luis@togo.co/);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(
      within(offer.closest('div') as HTMLElement).getByRole('button', { name: 'Reenviar invitación' }),
    );
    expect(
      await screen.findByText('Invitación reenviada a luis@togo.co. El enlace anterior ya no funciona.'),
    ).toBeInTheDocument();
    expect(api.bodies('POST /api/operador/staff/2/invitacion/')).toHaveLength(1);
    expect(screen.getByLabelText('Correo')).toHaveValue('');
  });
});
