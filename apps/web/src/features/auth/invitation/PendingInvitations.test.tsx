import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, type MockHandler } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { PendingInvitationsRoute } from './PendingInvitations.tsx';

const PENDING = 'GET /api/togo/empresa/invitaciones/';
const MINE = 'GET /api/togo/empresa/mi-membresia/';

const offer = { id: 12, empresa: 'Transportes Andinos', rol: 'consulta', vence: '2026-12-09T15:00:00.000Z' };

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(routes: Record<string, MockHandler | Response[]>, firstLogin = true) {
  localStorage.setItem('token', 'tok-nora');
  localStorage.setItem(
    'userInfo',
    JSON.stringify({ id: 9, nombres: 'Nora', ids_roles: [1], is_first_login_togo: firstLogin }),
  );
  const api = mockFetch(routes);
  const view = renderRoutes(
    [
      { path: '/empresa/invitaciones', Component: PendingInvitationsRoute },
      stub('/flota'),
      stub('/user-type'),
      stub('/app/home'),
    ],
    { initialEntries: ['/empresa/invitaciones'] },
  );
  return { ...view, api };
}

describe('pending invitations offered after sign-in', () => {
  it("lists the invitation; 'Aceptar' joins the fleet with the role and opens /flota", async () => {
    const view = setup({
      [PENDING]: () => json(200, [offer]),
      'POST /api/togo/empresa/invitaciones/12/aceptar/': () =>
        json(200, { empresa: 'Transportes Andinos', rol: 'consulta', cuenta_nueva: false }),
      [MINE]: () => json(200, { empresa: 'Transportes Andinos', rol: 'consulta' }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tienes una invitación' }),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Invitaciones pendientes' });
    expect(list).toHaveTextContent('«Transportes Andinos» te invitó con el rol consulta (solo lectura).');
    await view.user.click(
      screen.getByRole('button', { name: 'Aceptar la invitación de «Transportes Andinos»' }),
    );
    expect(await screen.findByText('Ruta /flota')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('fleetMembership') ?? 'null')).toEqual({
      empresa: 'Transportes Andinos',
      rol: 'consulta',
    });
  });

  it("'Ahora no' goes on to the usual place (the user-type choice of a first sign-in)", async () => {
    const view = setup({ [PENDING]: () => json(200, [offer]) });
    await view.user.click(await screen.findByRole('link', { name: 'Ahora no' }));
    expect(await screen.findByText('Ruta /user-type')).toBeInTheDocument();
  });

  it('a refused acceptance shows the reason and asks the list again', async () => {
    const view = setup(
      {
        [PENDING]: [json(200, [offer]), json(200, [])],
        'POST /api/togo/empresa/invitaciones/12/aceptar/': () =>
          json(404, { detail: 'La invitación no es válida o ya expiró.' }),
      },
      false,
    );
    await view.user.click(await screen.findByRole('button', { name: /^Aceptar/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La invitación no es válida o ya expiró.');
    expect(await screen.findByText('No tienes invitaciones pendientes.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continuar' })).toHaveAttribute('href', '/app/home');
  });
});
