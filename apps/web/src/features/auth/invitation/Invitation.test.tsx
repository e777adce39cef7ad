import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@togo/domain/auth/auth.rules';
import { setPageReload } from '../../../lib/page-reload.ts';
import { json, mockFetch, type MockHandler } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { InvitationRoute } from './Invitation.tsx';

const TOKEN = 'a'.repeat(43);
const PREVIEW = 'GET /api/togo/empresa/invitacion/';
const ACCEPT = 'POST /api/togo/empresa/miembros/aceptar/';
const LOGIN = 'POST /api/orquestador/auth/';
const MINE = 'GET /api/togo/empresa/mi-membresia/';

const valid = (overrides: object = {}) => ({
  empresa: 'Transportes Andinos',
  rol: 'operador',
  estado: 'vigente',
  correo: 'olga@correo.com',
  cuenta_existente: false,
  ...overrides,
});

const session = {
  access_token: 'tok-olga',
  token: 'tok-olga',
  id: 7,
  username: 'olga@correo.com',
  email: 'olga@correo.com',
  nombres: 'Olga',
  apellidos: 'Ruiz',
  first_name: 'Olga',
  last_name: 'Ruiz',
  profile_picture: null,
  is_first_login_togo: true,
  ids_roles: [1],
  groups: [{ id: 1, name: 'Cliente' }],
  tercero: { telefono: '', nombres: 'Olga', apellidos: 'Ruiz', correo: 'olga@correo.com' },
};

const reload = vi.fn();
beforeEach(() => setPageReload(reload));
afterEach(() => {
  setPageReload(null);
  reload.mockReset();
  vi.unstubAllGlobals();
});

function setup(routes: Record<string, MockHandler | Response[]>, search = `?token=${TOKEN}`) {
  const api = mockFetch(routes);
  const view = renderRoutes(
    [{ path: '/empresa/invitacion', Component: InvitationRoute }, stub('/flota'), stub('/auth/login')],
    { initialEntries: [`/empresa/invitacion${search}`] },
  );
  return { ...view, api };
}

/** The calls made, in order, as 'METHOD /path'. */
const calls = (api: ReturnType<typeof mockFetch>) =>
  api.fetchMock.mock.calls.map(([input, init]) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return `${init?.method ?? 'GET'} ${new URL(url, 'http://localhost').pathname}`;
  });

describe('invitation page: states before anything is typed', () => {
  it('a link without a (well-formed) token says so and asks nothing', () => {
    const view = setup({}, '?token=<script>');
    expect(screen.getByRole('heading', { level: 1, name: 'Invitación no válida' })).toBeInTheDocument();
    expect(view.api.fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows a loading state, then the company and the role', async () => {
    let answer: (r: Response) => void = () => undefined;
    setup({ [PREVIEW]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    expect(screen.getByRole('status')).toHaveTextContent('Consultando la invitación...');
    answer(json(200, valid()));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Únete a la flota de «Transportes Andinos»' }),
    ).toBeInTheDocument();
    expect(screen.getByText('operador')).toBeInTheDocument();
    const email = screen.getByLabelText('Correo electrónico');
    expect(email).toHaveValue('olga@correo.com');
    expect(email).toHaveAttribute('readonly');
  });

  it.each([
    ['expirada', 'Esta invitación expiró', /cada enlace dura 7 días/],
    ['usada', 'Esta invitación ya fue aceptada', /solo sirve una vez/],
  ])('an invitation %s says so at once, with no form', async (estado, title, text) => {
    setup({ [PREVIEW]: () => json(200, valid({ estado, correo: null })) });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toHaveTextContent('«Transportes Andinos»');
    expect(screen.queryByLabelText('Contraseña')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/auth/login');
  });

  it("an unknown token shows the API's message", async () => {
    setup({ [PREVIEW]: () => json(404, { detail: 'No encontramos esta invitación.' }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invitación no válida' }),
    ).toBeInTheDocument();
    expect(screen.getByText('No encontramos esta invitación.')).toBeInTheDocument();
  });

  it("a failed read offers 'Reintentar', which asks again", async () => {
    const view = setup({ [PREVIEW]: [json(503, {}), json(200, valid())] });
    await view.user.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByLabelText('Nombres')).toBeInTheDocument();
  });
});

describe('invitation page: accepting', () => {
  it('a new person: checks the form, creates the account, signs in and lands in /flota', async () => {
    const view = setup({
      [PREVIEW]: () => json(200, valid()),
      [ACCEPT]: () => json(200, { empresa: 'Transportes Andinos', rol: 'operador', cuenta_nueva: true }),
      [LOGIN]: () => json(200, session),
      [MINE]: () => json(200, { empresa: 'Transportes Andinos', rol: 'operador' }),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Crear cuenta y aceptar' }));
    expect(screen.getByLabelText('Nombres')).toHaveAccessibleDescription('Escribe tu nombre.');
    expect(screen.getByLabelText('Nombres')).toHaveFocus();
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('aria-invalid', 'true');
    expect(view.api.bodies(ACCEPT)).toEqual([]);

    await view.user.type(screen.getByLabelText('Nombres'), 'Olga');
    await view.user.type(screen.getByLabelText('Apellidos'), 'Ruiz');
    await view.user.type(screen.getByLabelText('Contraseña'), 'una-clave-larga');
    await view.user.type(screen.getByLabelText('Confirmar contraseña'), 'una-clave-larga');
    await view.user.click(screen.getByRole('button', { name: 'Crear cuenta y aceptar' }));
    expect(await screen.findByText('Ruta /flota')).toBeInTheDocument();
    expect(view.api.bodies(ACCEPT)).toEqual([
      { token: TOKEN, nombres: 'Olga', apellidos: 'Ruiz', password: 'una-clave-larga' },
    ]);
    expect(view.api.bodies(LOGIN)).toEqual([{ email: 'olga@correo.com', password: 'una-clave-larga' }]);
    expect(calls(view.api).slice(1, 3)).toEqual([ACCEPT, LOGIN]);
    expect(localStorage.getItem('token')).toBe('tok-olga');
    expect(JSON.parse(localStorage.getItem('fleetMembership') ?? 'null')).toEqual({
      empresa: 'Transportes Andinos',
      rol: 'operador',
    });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it("the API's field message shows beside its field", async () => {
    const view = setup({
      [PREVIEW]: () => json(200, valid()),
      [ACCEPT]: () => json(400, { nombres: ['Solo se permiten letras y espacios'] }),
    });
    await view.user.type(await screen.findByLabelText('Nombres'), 'Olga');
    await view.user.type(screen.getByLabelText('Contraseña'), 'una-clave-larga');
    await view.user.type(screen.getByLabelText('Confirmar contraseña'), 'una-clave-larga');
    await view.user.click(screen.getByRole('button', { name: 'Crear cuenta y aceptar' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Nombres')).toHaveAccessibleDescription(
        'Solo se permiten letras y espacios',
      ),
    );
    expect(view.api.bodies(LOGIN)).toEqual([]);
  });

  it('an existing account signs in first, then accepts, and lands in /flota', async () => {
    const view = setup({
      [PREVIEW]: () => json(200, valid({ cuenta_existente: true })),
      [LOGIN]: () => json(200, { ...session, is_first_login_togo: false }),
      [ACCEPT]: () => json(200, { empresa: 'Transportes Andinos', rol: 'operador', cuenta_nueva: false }),
      [MINE]: () => json(200, { empresa: 'Transportes Andinos', rol: 'operador' }),
    });
    expect(await screen.findByText(/Inicia sesión con tu cuenta de TOGO para aceptar/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Nombres')).not.toBeInTheDocument();
    await view.user.type(screen.getByLabelText('Contraseña'), 'mi-clave-de-siempre');
    await view.user.click(screen.getByRole('button', { name: 'Iniciar sesión y aceptar' }));
    expect(await screen.findByText('Ruta /flota')).toBeInTheDocument();
    expect(calls(view.api).slice(1, 3)).toEqual([LOGIN, ACCEPT]);
    expect(view.api.bodies(ACCEPT)).toEqual([{ token: TOKEN }]);
  });

  it("'¿Ya tienes cuenta? Inicia sesión' switches to signing in; a wrong password accepts nothing", async () => {
    const view = setup({
      [PREVIEW]: () => json(200, valid()),
      [LOGIN]: () => json(400, { detail: 'x' }),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Inicia sesión' }));
    await view.user.type(screen.getByLabelText('Contraseña'), 'equivocada');
    await view.user.click(screen.getByRole('button', { name: 'Iniciar sesión y aceptar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.loginFailed);
    expect(view.api.bodies(ACCEPT)).toEqual([]);
    expect(localStorage.getItem('token')).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Crea una' }));
    expect(screen.getByLabelText('Nombres')).toBeInTheDocument();
  });
});
