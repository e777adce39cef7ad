import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import type { MockHandler } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { UserTypeRoute } from './UserType.tsx';

const PATCH = 'PATCH /api/users-admin-manager/9/';
const CONFIRM = 'GET /api/togo/users/confirmar_inicio_sesion/';

function setup(
  routes: Record<string, MockHandler>,
  user: object | null = { id: 9, is_first_login_togo: true },
) {
  localStorage.setItem('token', 'tok');
  if (user) localStorage.setItem('userInfo', JSON.stringify(user));
  const api = mockFetch(routes);
  const view = renderRoutes(
    [
      { path: '/user-type', Component: UserTypeRoute },
      stub('/user-type/garaje'),
      stub('/user-type/inicio-empresas'),
      stub('/flota'),
    ],
    {
      initialEntries: ['/user-type'],
    },
  );
  return { ...view, api };
}

/** The user info as the API answers both calls (user.mapper.ts's toUserInfo). */
const userInfo = (group: { id: number; name: string }) => ({
  id: 9,
  username: 'ana@x.co',
  email: 'ana@x.co',
  nombres: 'Ana',
  apellidos: 'Pérez',
  first_name: 'Ana',
  last_name: 'Pérez',
  profile_picture: null,
  is_first_login_togo: false,
  ids_roles: [group.id],
  groups: [group],
  tercero: {
    telefono: '3001234567',
    nombres: 'Ana',
    apellidos: 'Pérez',
    correo: 'ana@x.co',
    razon_social: null,
  },
});
const CLIENT = { id: 1, name: 'Cliente' };
const COMPANY = { id: 2, name: 'Empresa' };

const stored = () => JSON.parse(localStorage.getItem('userInfo') ?? 'null') as Record<string, unknown>;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UserType', () => {
  it('info bubbles open on their button and close on a click outside', async () => {
    const view = setup({});
    const info = screen.getByRole('button', { name: '¿Qué es Persona?' });
    await view.user.click(info);
    expect(info).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('tooltip')).toHaveTextContent('consumidores y usuarios finales');
    await view.user.click(screen.getByRole('heading', { name: '¿Qué tipo de usuario eres?' }));
    expect(info).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('Persona changes the group to client and goes to the garage', async () => {
    const view = setup({ [PATCH]: () => json(200, userInfo(CLIENT)) });
    await view.user.click(screen.getByRole('button', { name: 'Persona' }));
    expect(await screen.findByText('Ruta /user-type/garaje')).toBeInTheDocument();
    expect(view.api.bodies(PATCH)).toEqual([{ groups: [1], is_first_login_togo: false }]);
    expect(stored()).toMatchObject({ groups: [{ id: 1 }], ids_roles: [1], is_first_login_togo: false });
  });

  const companyAnswers = {
    [PATCH]: () => json(200, userInfo(COMPANY)),
    [CONFIRM]: () => json(200, userInfo(COMPANY)),
  };

  it('Empresa on a PC changes the group, confirms the sign-in and goes to the fleet area', async () => {
    const view = setup(companyAnswers);
    await view.user.click(screen.getByRole('button', { name: 'Empresa' }));
    expect(await screen.findByText('Ruta /flota')).toBeInTheDocument();
    expect(view.api.bodies(PATCH)).toEqual([{ groups: [2], is_first_login_togo: false }]);
    expect(view.api.bodies(CONFIRM)).toHaveLength(1);
    expect(stored()).toMatchObject({ email: 'ana@x.co', ids_roles: [2], is_first_login_togo: false });
  });

  it('Empresa on a phone goes to inicio-empresas (open it on a PC)', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36',
    );
    const view = setup(companyAnswers);
    await view.user.click(screen.getByRole('button', { name: 'Empresa' }));
    expect(await screen.findByText('Ruta /user-type/inicio-empresas')).toBeInTheDocument();
    expect(stored()).toMatchObject({ ids_roles: [2], is_first_login_togo: false });
    vi.restoreAllMocks();
  });

  it('explains failures', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = setup({ [PATCH]: () => json(500, { detail: 'Error' }) });
    await failing.user.click(screen.getByRole('button', { name: 'Persona' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      '¡Ups! No se realizó el cambio del tipo de usuario a persona',
    );
    failing.unmount();
    localStorage.clear();

    const anonymous = setup({}, null);
    await anonymous.user.click(screen.getByRole('button', { name: 'Empresa' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      '¡Ups! No existe información del usuario',
    );
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });

  it('a malformed answer to the change is a failure: the group is not stored', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = setup({ [PATCH]: () => json(200, { id: 9, groups: 'Cliente' }) });
    await view.user.click(screen.getByRole('button', { name: 'Persona' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      '¡Ups! No se realizó el cambio del tipo de usuario a persona',
    );
    expect(stored()).toEqual({ id: 9, is_first_login_togo: true });
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });

  it('a malformed sign-in confirmation is only logged: the fleet area still opens', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = setup({ ...companyAnswers, [CONFIRM]: () => json(200, { id: 9 }) });
    await view.user.click(screen.getByRole('button', { name: 'Empresa' }));
    expect(await screen.findByText('Ruta /flota')).toBeInTheDocument();
    expect(stored()).toMatchObject({ ids_roles: [2], is_first_login_togo: false });
    expect(stored()).not.toHaveProperty('email');
    expect(logged).toHaveBeenCalledWith('confirmar_inicio_sesion', expect.anything());
    logged.mockRestore();
  });
});
