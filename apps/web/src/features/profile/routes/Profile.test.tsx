import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@togo/domain/auth/auth.contract';
import { COMING_SOON_MESSAGE } from '../../../components/ui/coming-soon.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { PROFILE_FORM_MSG } from '../profile-forms.ts';
import { ProfileRoute } from './Profile.tsx';

const USER: UserInfo = {
  id: 12,
  username: 'ana@correo.com',
  email: 'ana@correo.com',
  nombres: 'Ana',
  apellidos: 'Pérez',
  first_name: 'Ana',
  last_name: 'Pérez',
  profile_picture: null,
  is_first_login_togo: false,
  ids_roles: [1],
  groups: [{ id: 1, name: 'Cliente' }],
  tercero: { telefono: '3001234567', nombres: 'Ana', apellidos: 'Pérez', correo: 'ana@correo.com' },
};

beforeEach(() => {
  localStorage.setItem('token', 'abc');
  localStorage.setItem('userInfo', JSON.stringify(USER));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const stored = () => JSON.parse(localStorage.getItem('userInfo') ?? '{}') as UserInfo;

function setup() {
  return renderRoutes(
    [
      { path: '/app/profile', Component: ProfileRoute },
      stub('/auth/reset-password'),
      stub('/app/agendamientos'),
    ],
    {
      initialEntries: ['/app/profile'],
    },
  );
}

describe('profile screen', () => {
  it('shows the account and the rows; password goes to the reset flow from the app', async () => {
    const { user, router } = setup();
    expect(await screen.findByRole('heading', { name: 'Ana Pérez' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sin foto de perfil' })).toHaveAttribute('src', '/avatar.svg');
    await user.click(screen.getByRole('link', { name: /Contraseña/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/reset-password'));
    expect(router.state.location.search).toBe('?from=app');
  });

  it('Historial de pedidos opens Mis agendamientos; the other subscription rows say coming soon', async () => {
    const { user, router } = setup();
    await user.click(screen.getByRole('link', { name: /Historial de pedidos/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/agendamientos'));
  });

  it('Planes and Tarjetas de pago only show the coming-soon message', async () => {
    const { user } = setup();
    for (const label of ['Planes', 'Tarjetas de pago']) {
      await user.click(screen.getByRole('button', { name: label }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(COMING_SOON_MESSAGE)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    }
  });
});

describe('change email form', () => {
  it('validates required, format and lower case before sending', async () => {
    const { fetchMock } = mockFetch({});
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: /Correo electrónico/ }));
    const input = screen.getByLabelText('Correo electrónico');
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(PROFILE_FORM_MSG.required)).toBeInTheDocument();
    await user.type(input, 'no-es-correo');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(PROFILE_FORM_MSG.emailInvalid)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'Ana@Correo.com');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(PROFILE_FORM_MSG.emailLowercase)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the change, updates the screen and the stored userInfo', async () => {
    const api = mockFetch({
      'PATCH /api/users-admin-manager/12/': () =>
        json(200, { ...USER, email: 'nueva@correo.com', username: 'nueva@correo.com' }),
    });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: /Correo electrónico/ }));
    const input = screen.getByLabelText('Correo electrónico');
    await user.clear(input);
    await user.type(input, 'nueva@correo.com');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByText('nueva@correo.com').length).toBeGreaterThan(0);
    expect(stored().email).toBe('nueva@correo.com');
    expect(api.bodies('PATCH /api/users-admin-manager/12/')).toEqual([
      {
        email: 'nueva@correo.com',
        username: 'nueva@correo.com',
        intermediaryy: { email: 'nueva@correo.com' },
      },
    ]);
  });

  it("shows the server's field error (email taken) and keeps the old email", async () => {
    mockFetch({
      'PATCH /api/users-admin-manager/12/': () => json(400, { email: ['El correo ya esta registrado'] }),
    });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: /Correo electrónico/ }));
    const input = screen.getByLabelText('Correo electrónico');
    await user.clear(input);
    await user.type(input, 'ocupado@correo.com');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El correo ya esta registrado')).toBeInTheDocument();
    expect(stored().email).toBe('ana@correo.com');
  });
});

describe('change name form', () => {
  it('needs both names, then sends them with intermediaryy', async () => {
    const api = mockFetch({
      'PATCH /api/users-admin-manager/12/': () =>
        json(200, { ...USER, first_name: 'María', last_name: 'Gómez', nombres: 'María', apellidos: 'Gómez' }),
    });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: /Nombre/ }));
    const first = screen.getByLabelText('Nombres');
    const last = screen.getByLabelText('Apellidos');
    await user.clear(first);
    await user.clear(last);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findAllByText(PROFILE_FORM_MSG.required)).toHaveLength(2);
    await user.type(first, 'María');
    await user.type(last, 'Gómez');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('heading', { name: 'María Gómez' })).toBeInTheDocument();
    expect(stored()).toMatchObject({ first_name: 'María', last_name: 'Gómez', nombres: 'María' });
    expect(api.bodies('PATCH /api/users-admin-manager/12/')).toEqual([
      {
        first_name: 'María',
        last_name: 'Gómez',
        intermediaryy: { first_name: 'María', last_name: 'Gómez', bussines_name: null },
      },
    ]);
  });
});

describe('avatar upload', () => {
  it('uploads the picture and shows the new image', async () => {
    mockFetch({
      'PATCH /api/users-admin-manager/12/': () =>
        json(200, { ...USER, profile_picture: '/api/files/abc?exp=1&sig=x' }),
    });
    const { user } = setup();
    await user.upload(
      screen.getByLabelText('Foto de perfil'),
      new File(['x'], 'yo.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Tu foto de perfil' })).toHaveAttribute(
        'src',
        '/api/files/abc?exp=1&sig=x',
      ),
    );
    expect(stored().profile_picture).toBe('/api/files/abc?exp=1&sig=x');
  });
});
