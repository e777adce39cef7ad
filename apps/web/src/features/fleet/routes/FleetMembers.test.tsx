import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Member } from '@togo/domain/organisation/organisation.contract';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInCompany } from '../fleet.test-support.ts';
import { FleetMembersRoute } from './FleetMembers.tsx';

const MEMBERS = 'GET /api/togo/empresa/miembros/';
const INVITE = 'POST /api/togo/empresa/miembros/';

function render() {
  signInCompany();
  return renderRoutes([{ path: '/flota/miembros', Component: FleetMembersRoute }], {
    initialEntries: ['/flota/miembros'],
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Miembros (/flota/miembros)', () => {
  it('lists the members and invites one by email with a role', async () => {
    const list: Member[] = [{ id: 1, correo: 'flotas@empresa.com', rol: 'administrador', estado: 'activo' }];
    const api = mockFetch({
      [MEMBERS]: () => json(200, list),
      [INVITE]: ({ body }) => {
        const input = body as { correo: string; rol: Member['rol'] };
        const member: Member = { id: 2, correo: input.correo, rol: input.rol, estado: 'invitado' };
        list.push(member);
        return json(201, member);
      },
    });
    render();
    expect(await screen.findByText('flotas@empresa.com')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@empresa.com');
    await user.selectOptions(screen.getByLabelText('Rol'), 'consulta');
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(await screen.findByText('Enviamos la invitación a ana@empresa.com.')).toBeInTheDocument();
    expect(await screen.findByText('Invitación enviada')).toBeInTheDocument();
    expect(api.bodies(INVITE)[0]).toEqual({ correo: 'ana@empresa.com', rol: 'consulta' });
  });

  it('shows the field error of a refused invitation', async () => {
    mockFetch({
      [MEMBERS]: () => json(200, []),
      [INVITE]: () => json(400, { correo: ['Introduzca una dirección de correo electrónico válida.'] }),
    });
    render();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Correo electrónico'), 'no-es-correo');
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Introduzca una dirección de correo electrónico válida.',
    );
  });
  it('an administrador turns the weekly digest off', async () => {
    const api = mockFetch({
      [MEMBERS]: () => json(200, []),
      'GET /api/togo/empresa/resumen-semanal/': () => json(200, { activo: true }),
      'PUT /api/togo/empresa/resumen-semanal/': ({ body }) => json(200, body),
    });
    render();
    const toggle = await screen.findByRole('switch', { name: /Activado/ });
    expect(toggle).toBeChecked();
    await userEvent.setup().click(toggle);
    expect(await screen.findByRole('switch', { name: /Desactivado/ })).not.toBeChecked();
    expect(api.bodies('PUT /api/togo/empresa/resumen-semanal/')).toEqual([{ activo: false }]);
  });

  it("an administrador has this week's digest sent to them now; a failure says so (issue 37)", async () => {
    let fail = false;
    const api = mockFetch({
      [MEMBERS]: () => json(200, []),
      'GET /api/togo/empresa/resumen-semanal/': () => json(200, { activo: true }),
      'POST /api/togo/empresa/resumen-semanal/vista-previa/': () =>
        fail ? json(503, { detail: 'No disponible' }) : json(200, { enviado_a: 'flotas@empresa.com' }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enviarme una vista previa ahora' }));
    expect(await screen.findByText('Te enviamos la vista previa a flotas@empresa.com.')).toBeInTheDocument();
    expect(api.bodies('POST /api/togo/empresa/resumen-semanal/vista-previa/')).toHaveLength(1);
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Enviarme una vista previa ahora' }));
    expect(await screen.findByText(/No pudimos enviar la vista previa/)).toBeInTheDocument();
  });
});
