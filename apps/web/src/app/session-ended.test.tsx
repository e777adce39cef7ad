import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, PUBLIC_CONFIG } from '../test/fetch-mock.ts';
import { renderRoutes } from '../test/render.tsx';
import { routes } from './router.tsx';

/**
 * Issue 38: after support's "Cerrar sesiones" the driver's app showed "Aún no tienes vehículos" (its reads answered
 * 401 and the screens took them for empty). A read refused for its token now ends the session.
 */
function signIn() {
  localStorage.setItem('token', 'tok-revocado');
  localStorage.setItem(
    'userInfo',
    JSON.stringify({
      id: 9,
      nombres: 'Ana',
      apellidos: 'Ruiz',
      email: 'ana@x.co',
      groups: [],
      ids_roles: [],
      is_first_login_togo: false,
    }),
  );
}

const refused = () => json(401, { detail: 'Token inválido.' });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a session closed elsewhere', () => {
  beforeEach(() => signIn());

  it('a read answered 401 sends the driver to the sign-in, saying why, with the session forgotten', async () => {
    mockFetch({
      'GET /api/config': () => json(200, PUBLIC_CONFIG),
      'GET /api/togo/vehicle/user_garages/': refused,
      'GET /api/togo/vehicle/get_garaje_selected/': refused,
    });
    const view = renderRoutes(routes, { initialEntries: ['/app/home'] });
    await waitFor(() => expect(view.router.state.location?.pathname).toBe('/auth/login'));
    expect(
      await screen.findByText('Tu sesión se cerró. Inicia sesión de nuevo para continuar.'),
    ).toHaveAttribute('role', 'status');
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByText(/Aún no tienes vehículos/)).not.toBeInTheDocument();
  });

  it('refused before the app drew anything (the page early reads): the guard goes to the sign-in, which says why', async () => {
    localStorage.clear();
    sessionStorage.setItem('togo.sesion_cerrada', '1');
    mockFetch({ 'GET /api/config': () => json(200, PUBLIC_CONFIG) });
    const view = renderRoutes(routes, { initialEntries: ['/app/home'] });
    await waitFor(() => expect(view.router.state.location?.pathname).toBe('/auth/login'));
    expect(
      await screen.findByText('Tu sesión se cerró. Inicia sesión de nuevo para continuar.'),
    ).toBeInTheDocument();
    // Until the next sign-in, which removes the mark.
    const { storeSession } = await import('../lib/storage.ts');
    storeSession({ token: 'nuevo' } as Parameters<typeof storeSession>[0]);
    expect(sessionStorage.getItem('togo.sesion_cerrada')).toBeNull();
  });

  it('a refused write does not end it (its screen says so in place)', async () => {
    const calls: string[] = [];
    mockFetch({
      'GET /api/config': () => json(200, PUBLIC_CONFIG),
      'POST /api/togo/anything/': () => {
        calls.push('post');
        return refused();
      },
    });
    const { apiPost } = await import('../lib/api-client.ts');
    await expect(apiPost('/api/togo/anything/', {})).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual(['post']);
    expect(localStorage.getItem('token')).toBe('tok-revocado');
  });
});
