import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { setOperatorToken } from '../../lib/operator-api.ts';
import { ADMIN_ME, renderConsole } from '../../test/render-console.tsx';

afterEach(() => vi.unstubAllGlobals());

const member = {
  id: 2,
  correo: 'luis@togo.co',
  nombre: 'Luis Ops',
  rol: 'operaciones',
  activo: true,
  totp: false,
  invitacion_pendiente: false,
};

function setup() {
  setOperatorToken('tok');
  let list = [{ ...ADMIN_ME, activo: true, invitacion_pendiente: false }, member];
  const api = mockFetch({
    'GET /api/operador/yo/': () => json(200, ADMIN_ME),
    'GET /api/operador/staff/': () => json(200, list),
    'POST /api/operador/staff/': (req) => {
      const body = req.body as { correo: string };
      if (body.correo === 'ana@togo.co')
        return json(400, { correo: ['Ya existe un miembro del equipo con este correo.'] });
      list = [...list, { ...member, id: 3, ...(req.body as object), invitacion_pendiente: true }];
      return json(201, list.at(-1));
    },
    'PATCH /api/operador/staff/2/': (req) => {
      list = list.map((m) => (m.id === 2 ? { ...m, ...(req.body as object) } : m));
      return json(200, list[1]);
    },
  });
  return { api, ...renderConsole('/equipo') };
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
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(within(row).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText('Luis Ops quedó desactivado.')).toBeInTheDocument();
    expect(api.bodies('PATCH /api/operador/staff/2/')).toEqual([{ rol: 'contenido' }, { activo: false }]);
  });
});
