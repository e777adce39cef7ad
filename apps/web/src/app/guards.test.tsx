import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, PUBLIC_CONFIG } from '../test/fetch-mock.ts';
import { renderRoutes } from '../test/render.tsx';
import { routes } from './router.tsx';

function signIn(user: { ids_roles: number[]; is_first_login_togo: boolean }) {
  localStorage.setItem('token', 'tok-123');
  localStorage.setItem(
    'userInfo',
    JSON.stringify({ id: 9, nombres: 'Ana', apellidos: 'Ruiz', email: 'ana@x.co', groups: [], ...user }),
  );
}

/** Opens a path and waits until the screen has settled: guards redirected and the screen's chunk rendered. */
async function landOn(path: string) {
  const view = renderRoutes(routes, { initialEntries: [path] });
  await waitFor(() => {
    expect(view.router.state.location).toBeDefined();
    expect(screen.queryByText('Cargando...')).not.toBeInTheDocument();
    expect(document.querySelector('main')).not.toBeNull();
  });
  return view;
}

beforeEach(() => {
  mockFetch({ 'GET /api/config': () => json(200, PUBLIC_CONFIG) });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('route guards', () => {
  it('/ redirects to /auth', async () => {
    const view = await landOn('/');
    expect(view.router.state.location.pathname).toBe('/auth');
    expect(await screen.findByRole('link', { name: 'Crear cuenta' })).toBeInTheDocument();
  });

  it('send-code without access_otp redirects to / (and so to /auth)', async () => {
    const view = await landOn('/auth/send-code');
    expect(view.router.state.location.pathname).toBe('/auth');
    expect(await screen.findByRole('link', { name: 'Iniciar sesión' })).toBeInTheDocument();
  });

  it('send-code with access_otp opens', async () => {
    sessionStorage.setItem('access_otp', 'true');
    sessionStorage.setItem(
      'otp_flow',
      JSON.stringify({
        mode: 'reset',
        proceso: 'RESETEAR_CLAVE',
        identificador: 'ana@x.co',
        usuario_id: null,
        from: null,
        destino: null,
      }),
    );
    const view = await landOn('/auth/send-code');
    expect(view.router.state.location.pathname).toBe('/auth/send-code');
    expect(await screen.findByRole('heading', { name: 'Verifica tu código' })).toBeInTheDocument();
  });

  it('change-password without access_change_password redirects to /', async () => {
    const view = await landOn('/auth/change-password');
    expect(view.router.state.location.pathname).toBe('/auth');
  });

  it('app routes need a token', async () => {
    const view = await landOn('/app/home');
    expect(view.router.state.location.pathname).toBe('/auth');
    const userType = await landOn('/user-type');
    expect(userType.router.state.location.pathname).toBe('/auth');
  });

  it('signed-in users leave auth: clients to /app/home, companies to /flota', async () => {
    signIn({ ids_roles: [1], is_first_login_togo: false });
    const client = await landOn('/auth/login');
    expect(client.router.state.location.pathname).toBe('/app/home');
    expect(await screen.findByRole('heading', { name: 'Hola, ANA RUIZ' })).toBeInTheDocument();
    client.unmount();

    signIn({ ids_roles: [2], is_first_login_togo: false });
    const company = await landOn('/auth');
    expect(company.router.state.location.pathname).toBe('/flota');
    expect(await screen.findByRole('heading', { name: 'Tu flota' })).toBeInTheDocument();
  });

  it('a first sign-in without a user type goes back to the choice from the sign-in page and the home (issue 36)', async () => {
    signIn({ ids_roles: [1], is_first_login_togo: true });
    const back = await landOn('/auth/login');
    expect(back.router.state.location.pathname).toBe('/user-type');
    expect(await screen.findByRole('heading', { name: '¿Qué tipo de usuario eres?' })).toBeInTheDocument();
    back.unmount();
    expect((await landOn('/app/home')).router.state.location.pathname).toBe('/user-type');
  });

  it('signed-in users may still open reset-password', async () => {
    signIn({ ids_roles: [1], is_first_login_togo: false });
    const view = await landOn('/auth/reset-password?from=app');
    expect(view.router.state.location.pathname).toBe('/auth/reset-password');
  });

  it('user-type is only for the first sign-in', async () => {
    signIn({ ids_roles: [1], is_first_login_togo: true });
    const first = await landOn('/user-type');
    expect(first.router.state.location.pathname).toBe('/user-type');
    expect(await screen.findByRole('heading', { name: '¿Qué tipo de usuario eres?' })).toBeInTheDocument();
    first.unmount();

    signIn({ ids_roles: [1], is_first_login_togo: false });
    expect((await landOn('/user-type')).router.state.location.pathname).toBe('/app/home');
    signIn({ ids_roles: [2], is_first_login_togo: false });
    expect((await landOn('/user-type')).router.state.location.pathname).toBe('/flota');
    expect((await landOn('/user-type/inicio-empresas')).router.state.location.pathname).toBe(
      '/user-type/inicio-empresas',
    );
  });

  it('company users are sent from the home to the fleet area', async () => {
    signIn({ ids_roles: [1, 2], is_first_login_togo: false });
    const view = await landOn('/app/home');
    expect(view.router.state.location.pathname).toBe('/flota');
    expect(await screen.findByRole('heading', { name: 'Tu flota' })).toBeInTheDocument();
  });

  it('flota is for companies only', async () => {
    signIn({ ids_roles: [1], is_first_login_togo: false });
    const view = await landOn('/flota');
    expect(view.router.state.location.pathname).toBe('/app/home');
  });

  it('an invited consulta (a driver account with a stored membership) reaches flota, read-only', async () => {
    signIn({ ids_roles: [1], is_first_login_togo: false });
    localStorage.setItem('fleetMembership', JSON.stringify({ empresa: 'Transportes Ruiz', rol: 'consulta' }));
    const view = await landOn('/flota');
    expect(view.router.state.location.pathname).toBe('/flota');
    expect(await screen.findByRole('heading', { name: 'Tu flota' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Añadir vehículos' })).not.toBeInTheDocument();
  });

  it('an invited operador may add vehicles; a malformed stored membership does not open flota', async () => {
    signIn({ ids_roles: [1], is_first_login_togo: false });
    localStorage.setItem('fleetMembership', JSON.stringify({ empresa: 'Transportes Ruiz', rol: 'operador' }));
    await landOn('/flota');
    expect(await screen.findByRole('heading', { name: 'Tu flota' })).toBeInTheDocument();
    localStorage.setItem('fleetMembership', JSON.stringify({ empresa: 'X', rol: 'dueño' }));
    const view = await landOn('/flota');
    expect(view.router.state.location.pathname).toBe('/app/home');
  });
});
