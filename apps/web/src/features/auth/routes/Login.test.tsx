import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPageReload } from '../../../lib/page-reload.ts';
import { json, mockFetch, PUBLIC_CONFIG } from '../../../test/fetch-mock.ts';
import type { MockHandler } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { LoginRoute } from './Login.tsx';

const LOGIN = 'POST /api/orquestador/auth/';

const user = (overrides: Record<string, unknown> = {}) => ({
  access_token: 'tok-123',
  token: 'tok-123',
  id: 9,
  username: 'b@x.co',
  email: 'b@x.co',
  nombres: 'Ana',
  apellidos: 'Ruiz',
  first_name: 'Ana',
  last_name: 'Ruiz',
  profile_picture: null,
  is_first_login_togo: false,
  ids_roles: [1],
  groups: [{ id: 1, name: 'Cliente' }],
  tercero: { telefono: '3001234567', nombres: 'Ana', apellidos: 'Ruiz', correo: 'b@x.co' },
  ...overrides,
});

const reload = vi.fn();

function setup(login: MockHandler | Response[]) {
  const api = mockFetch({ 'GET /api/config': () => json(200, PUBLIC_CONFIG), [LOGIN]: login });
  const view = renderRoutes(
    [
      { path: '/auth/login', Component: LoginRoute },
      stub('/app/home'),
      stub('/flota'),
      stub('/user-type'),
      stub('/user-type/inicio-empresas'),
    ],
    { initialEntries: ['/auth/login'] },
  );
  return { ...view, api };
}

beforeEach(() => {
  setPageReload(reload);
});

afterEach(() => {
  setPageReload(null);
  reload.mockReset();
  vi.unstubAllGlobals();
});

async function signIn(view: ReturnType<typeof setup>, email: string, password: string) {
  await view.user.type(screen.getByLabelText('Correo electrónico'), email);
  await view.user.type(screen.getByLabelText('Contraseña'), password);
  await view.user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
}

describe('Login', () => {
  it('phone mode keeps only digits, at most 10, and blocks pasting non-digits', async () => {
    const view = setup([]);
    await view.user.click(screen.getByRole('button', { name: 'Celular' }));
    const phone = screen.getByLabelText('Número de celular');
    await view.user.type(phone, '30a0-12 345678999');
    expect(phone).toHaveValue('3001234567');

    await view.user.clear(phone);
    await view.user.paste('300-123');
    expect(phone).toHaveValue('');
    await view.user.paste('3001234567');
    expect(phone).toHaveValue('3001234567');
  });

  it('opens filled with the email of the account just created, once', async () => {
    sessionStorage.setItem('login_email', 'nueva@correo.co');
    setup([]);
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('nueva@correo.co');
    await waitFor(() => expect(sessionStorage.getItem('login_email')).toBeNull());
  });

  it('shows the invalid email message', async () => {
    const view = setup([]);
    await view.user.type(screen.getByLabelText('Correo electrónico'), 'ana@');
    await view.user.tab();
    expect(screen.getByText('Por favor, ingresa un correo electrónico válido.')).toBeInTheDocument();
  });

  it('stores the session, goes home and then reloads', async () => {
    const view = setup([json(200, user())]);
    await signIn(view, 'B@x.co', 'secreta123');
    expect(await screen.findByText('Ruta /app/home')).toBeInTheDocument();
    expect(view.api.bodies(LOGIN)).toEqual([{ email: 'b@x.co', password: 'secreta123' }]);
    expect(localStorage.getItem('token')).toBe('tok-123');
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}')).toMatchObject({ id: 9, ids_roles: [1] });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('sends first sign-ins to /user-type and companies to /flota', async () => {
    const first = setup([json(200, user({ is_first_login_togo: true }))]);
    await signIn(first, 'b@x.co', 'secreta123');
    expect(await screen.findByText('Ruta /user-type')).toBeInTheDocument();
    first.unmount();

    const company = setup([json(200, user({ ids_roles: [2] }))]);
    await signIn(company, 'b@x.co', 'secreta123');
    expect(await screen.findByText('Ruta /flota')).toBeInTheDocument();
  });

  it('on 406 opens "Acción requerida" and retries with the chosen usuario_id', async () => {
    const view = setup([
      json(406, {
        detalles: 'Hay varias cuentas con este número. Elige una.',
        opciones: [
          { correo: 'a@x.co', id: 7 },
          { correo: 'b@x.co', id: 9 },
        ],
      }),
      json(200, user()),
    ]);
    await view.user.click(screen.getByRole('button', { name: 'Celular' }));
    await view.user.type(screen.getByLabelText('Número de celular'), '3001234567');
    await view.user.type(screen.getByLabelText('Contraseña'), 'secreta123');
    await view.user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    const modal = await screen.findByRole('dialog', { name: 'Acción requerida' });
    expect(modal).toHaveTextContent('Hay varias cuentas con este número. Elige una.');
    await view.user.click(within(modal).getByRole('button', { name: 'Volver' }));
    expect(within(modal).getByText('Por favor selecciona una opción.')).toBeInTheDocument();

    await view.user.click(within(modal).getByRole('radio', { name: 'b@x.co' }));
    await view.user.click(within(modal).getByRole('button', { name: 'Volver' }));

    expect(await screen.findByText('Ruta /app/home')).toBeInTheDocument();
    expect(view.api.bodies(LOGIN)).toEqual([
      { email: '3001234567', password: 'secreta123' },
      { email: '3001234567', password: 'secreta123', usuario_id: 9 },
    ]);
  });

  it('any other error says "Correo o contraseña incorrectos.", clears the password and selects email mode', async () => {
    const view = setup([json(400, { detail: 'Credenciales inválidas.' })]);
    await view.user.click(screen.getByRole('button', { name: 'Celular' }));
    await view.user.type(screen.getByLabelText('Número de celular'), '3001234567');
    await view.user.type(screen.getByLabelText('Contraseña'), 'secreta123');
    await view.user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    const dialog = await screen.findByRole('alertdialog', { name: '¡Ups!' });
    expect(dialog).toHaveTextContent('Correo o contraseña incorrectos.');
    expect(dialog).not.toHaveTextContent('Credenciales inválidas.');
    expect(screen.getByLabelText('Contraseña')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Correo' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Correo electrónico')).toBeInTheDocument();

    await view.user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('says Google is not configured when there is no client id', async () => {
    const view = setup([]);
    await waitFor(() => expect(view.api.fetchMock).toHaveBeenCalledWith('/api/config', expect.anything()));
    await view.user.click(screen.getByRole('button', { name: 'Google' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'El inicio de sesión con Google no está configurado.',
    );
  });
});
