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
    const view = setup({
      [PATCH]: () =>
        json(200, {
          id: 9,
          groups: [{ id: 1, name: 'Cliente' }],
          ids_roles: [1],
          is_first_login_togo: false,
        }),
    });
    await view.user.click(screen.getByRole('button', { name: 'Persona' }));
    expect(await screen.findByText('Ruta /user-type/garaje')).toBeInTheDocument();
    expect(view.api.bodies(PATCH)).toEqual([{ groups: [1], is_first_login_togo: false }]);
    expect(stored()).toMatchObject({ groups: [{ id: 1 }], ids_roles: [1], is_first_login_togo: false });
  });

  const companyAnswers = {
    [PATCH]: () =>
      json(200, {
        id: 9,
        groups: [{ id: 2, name: 'Empresa' }],
        ids_roles: [2],
        is_first_login_togo: false,
      }),
    [CONFIRM]: () => json(200, { id: 9, email: 'ana@x.co', ids_roles: [2], is_first_login_togo: false }),
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
      'Ups! No se realizó el cambio del tipo de usuario a persona',
    );
    failing.unmount();
    localStorage.clear();

    const anonymous = setup({}, null);
    await anonymous.user.click(screen.getByRole('button', { name: 'Empresa' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Ups! No existe información del usuario',
    );
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });
});
