import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

const pendingAnswer = {
  ...USER,
  correo_pendiente: 'nueva@correo.com',
  detail: 'Te enviamos un código al nuevo correo. Tu correo cambiará cuando lo verifiques.',
  otp: { canal: ['email'], destino: '***va@correo.com', vigencia_segundos: 120, reenvio_segundos: 60 },
};

const boxes = (scope: HTMLElement) => within(scope).getAllByRole('textbox') as HTMLInputElement[];
const typeCode = (scope: HTMLElement, code: string) =>
  code
    .split('')
    .forEach((digit, index) => fireEvent.input(boxes(scope)[index]!, { target: { value: digit } }));

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
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the change, keeps the current email and asks for the code sent to the new address', async () => {
    const api = mockFetch({
      'PATCH /api/users-admin-manager/12/': () => json(200, pendingAnswer),
      'POST /api/users-admin-manager/12/verificar-correo/': () =>
        json(200, {
          ...USER,
          email: 'nueva@correo.com',
          username: 'nueva@correo.com',
          correo_pendiente: null,
          detail: 'Tu correo se actualizó correctamente.',
        }),
    });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: /Correo electrónico/ }));
    const input = screen.getByLabelText('Correo electrónico');
    await user.clear(input);
    // Capitals are lower-cased, not refused (issue 36).
    await user.type(input, 'Nueva@Correo.com');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    const modal = await screen.findByRole('dialog', { name: 'Verifica tu nuevo correo' });
    expect(modal).toHaveTextContent('***va@correo.com');
    expect(modal).toHaveTextContent('Tu correo actual seguirá activo hasta que lo verifiques.');
    expect(within(modal).getByText('02:00')).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Reenviar código' })).toBeDisabled();
    expect(stored()).toMatchObject({ email: 'ana@correo.com', correo_pendiente: 'nueva@correo.com' });
    expect(api.bodies('PATCH /api/users-admin-manager/12/')).toEqual([
      {
        email: 'nueva@correo.com',
        username: 'nueva@correo.com',
        intermediaryy: { email: 'nueva@correo.com' },
      },
    ]);

    const verify = within(modal).getByRole('button', { name: 'Verificar' });
    expect(verify).toBeDisabled();
    typeCode(modal, '4821');
    await user.click(verify);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Verifica tu nuevo correo' })).not.toBeInTheDocument(),
    );
    const done = await screen.findByRole('dialog');
    expect(done).toHaveTextContent('Tu correo se actualizó correctamente.');
    expect(api.bodies('POST /api/users-admin-manager/12/verificar-correo/')).toEqual([{ codigo: '4821' }]);
    expect(stored()).toMatchObject({ email: 'nueva@correo.com', correo_pendiente: null });
    await user.click(within(done).getByRole('button', { name: 'Aceptar' }));
    expect(screen.getAllByText('nueva@correo.com').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /Correo pendiente/ })).not.toBeInTheDocument();
  });

  it('a wrong code shows the server message, clears the boxes and keeps the change pending', async () => {
    localStorage.setItem('userInfo', JSON.stringify({ ...USER, correo_pendiente: 'nueva@correo.com' }));
    mockFetch({
      'POST /api/users-admin-manager/12/verificar-correo/': () =>
        json(400, { codigo: ['El código ingresado es incorrecto.'] }),
    });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: /Correo pendiente de verificación/ }));
    const modal = await screen.findByRole('dialog', { name: 'Verifica tu nuevo correo' });
    typeCode(modal, '0000');
    await user.click(within(modal).getByRole('button', { name: 'Verificar' }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent('El código ingresado es incorrecto.');
    expect(boxes(modal).map((b) => b.value)).toEqual(['', '', '', '']);
    expect(stored()).toMatchObject({ email: 'ana@correo.com', correo_pendiente: 'nueva@correo.com' });
  });

  it('reopened later, resend is enabled: it asks the same change again and restarts the countdown', async () => {
    localStorage.setItem('userInfo', JSON.stringify({ ...USER, correo_pendiente: 'nueva@correo.com' }));
    const api = mockFetch({
      'PATCH /api/users-admin-manager/12/': [json(200, pendingAnswer)],
    });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: /Correo pendiente de verificación/ }));
    const modal = await screen.findByRole('dialog', { name: 'Verifica tu nuevo correo' });
    expect(within(modal).getByText('00:00')).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Reenviar código' }));
    expect(await within(modal).findByText('Te enviamos un nuevo código.')).toBeInTheDocument();
    expect(within(modal).getByText('02:00')).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Reenviar código' })).toBeDisabled();
    expect(api.bodies('PATCH /api/users-admin-manager/12/')).toEqual([
      {
        email: 'nueva@correo.com',
        username: 'nueva@correo.com',
        intermediaryy: { email: 'nueva@correo.com' },
      },
    ]);
  });

  it('a refused resend (429) shows the server message in Spanish', async () => {
    localStorage.setItem('userInfo', JSON.stringify({ ...USER, correo_pendiente: 'nueva@correo.com' }));
    mockFetch({
      'PATCH /api/users-admin-manager/12/': [
        json(429, { detail: 'Debes esperar antes de solicitar un nuevo código.' }, { 'Retry-After': '60' }),
      ],
    });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: /Correo pendiente de verificación/ }));
    const modal = await screen.findByRole('dialog', { name: 'Verifica tu nuevo correo' });
    await user.click(within(modal).getByRole('button', { name: 'Reenviar código' }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent(
      'Debes esperar antes de solicitar un nuevo código.',
    );
    expect(within(modal).getByRole('button', { name: 'Reenviar código' })).toBeEnabled();
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
        intermediaryy: { first_name: 'María', last_name: 'Gómez' },
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

  it('a malformed answer is a failed upload: the stored picture stays', async () => {
    mockFetch({
      'PATCH /api/users-admin-manager/12/': () =>
        json(200, { profile_picture: '/api/files/abc?exp=1&sig=x' }),
    });
    const { user } = setup();
    await user.upload(
      screen.getByLabelText('Foto de perfil'),
      new File(['x'], 'yo.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'No pudimos actualizar tu foto. Intenta de nuevo.',
    );
    expect(stored().profile_picture).toBe(USER.profile_picture);
  });
});
