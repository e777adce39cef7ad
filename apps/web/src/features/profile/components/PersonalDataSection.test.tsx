import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@togo/domain/auth/auth.contract';
import { PERSONAL_DATA_MSG, PERSONAL_DATA_PATHS } from '@togo/domain/profile/personal-data.contract';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { ProfileRoute } from '../routes/Profile.tsx';
import { DELETE_ACCOUNT_MSG } from './DeleteAccountModal.tsx';
import { PERSONAL_DATA_UI } from './PersonalDataSection.tsx';

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

const EXPORT = `GET ${PERSONAL_DATA_PATHS.export}`;
const DELETE = `DELETE ${PERSONAL_DATA_PATHS.deleteAccount}`;
const createObjectURL = vi.fn((_blob: Blob) => 'blob:mis-datos');
const revokeObjectURL = vi.fn();

beforeEach(() => {
  localStorage.setItem('token', 'abc');
  localStorage.setItem('userInfo', JSON.stringify(USER));
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  createObjectURL.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function setup() {
  return renderRoutes([{ path: '/app/profile', Component: ProfileRoute }, stub('/auth')], {
    initialEntries: ['/app/profile'],
  });
}

function zipAnswer(): Response {
  return new Response(new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]), {
    status: 200,
    headers: {
      'content-type': 'application/zip',
      'content-disposition': 'attachment; filename="mis-datos-togo-2026-11-24.zip"',
    },
  });
}

describe('Descargar mis datos', () => {
  it('shows a loading state while the archive is prepared, then saves it under the server’s name', async () => {
    let answer: (r: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    const { fetchMock } = mockFetch({ [EXPORT]: () => pending });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    const { user } = setup();

    await user.click(screen.getByRole('button', { name: 'Descargar mis datos' }));
    const busy = await screen.findByRole('button', { name: PERSONAL_DATA_UI.preparing });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(PERSONAL_DATA_UI.preparing);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('authorization')).toBe('Token abc');

    answer(zipAnswer());
    await waitFor(() => expect(clicks).toEqual(['mis-datos-togo-2026-11-24.zip']));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Descargar mis datos' })).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a server error or no connection shows a Spanish error dialog and nothing is saved', async () => {
    mockFetch({ [EXPORT]: [json(500, { detail: 'Error interno del servidor.' })] });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Descargar mis datos' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Error interno del servidor.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await user.click(screen.getByRole('button', { name: 'Descargar mis datos' }));
    expect(await screen.findByText(PERSONAL_DATA_UI.offline)).toBeInTheDocument();
    expect(createObjectURL).not.toHaveBeenCalled();
  });
});

describe('Eliminar mi cuenta', () => {
  async function open(user: ReturnType<typeof setup>['user']) {
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    return screen.findByRole('alertdialog', { name: DELETE_ACCOUNT_MSG.title });
  }

  it('explains the 30-day purge, requires the password, shows a wrong password, then signs out to /auth', async () => {
    const { fetchMock, bodies } = mockFetch({
      [DELETE]: [
        json(400, { password: [PERSONAL_DATA_MSG.passwordWrong] }),
        new Response(null, { status: 204 }),
      ],
    });
    const { user, router } = setup();
    const dialog = await open(user);
    expect(dialog).toHaveTextContent('Dentro de 30 días borraremos definitivamente tus datos personales');
    expect(dialog).toHaveTextContent('Cerraremos tu sesión en todos tus dispositivos');

    await user.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(await within(dialog).findByText(PERSONAL_DATA_MSG.passwordRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    const password = within(dialog).getByLabelText('Contraseña');
    await user.type(password, 'equivocada');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(await within(dialog).findByText(PERSONAL_DATA_MSG.passwordWrong)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem('token')).toBe('abc');

    await user.clear(password);
    await user.type(password, 'Clave-segura-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByText(PERSONAL_DATA_UI.deleted)).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(bodies(DELETE)).toEqual([{ password: 'equivocada' }, { password: 'Clave-segura-2026' }]);
  });

  it('an account without a password is asked for the word ELIMINAR instead', async () => {
    const { bodies } = mockFetch({
      [DELETE]: [
        json(400, { confirmacion: [PERSONAL_DATA_MSG.confirmationRequired] }),
        new Response(null, { status: 204 }),
      ],
    });
    const { user, router } = setup();
    const dialog = await open(user);
    await user.type(within(dialog).getByLabelText('Contraseña'), 'algo');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    const word = await within(dialog).findByLabelText(/escribe ELIMINAR para confirmar/);
    expect(within(dialog).getByText(PERSONAL_DATA_MSG.confirmationRequired)).toBeInTheDocument();
    await user.type(word, 'ELIMINAR');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(bodies(DELETE)).toEqual([{ password: 'algo' }, { confirmacion: 'ELIMINAR' }]);
  });

  it('no connection or an expired session shows a message and keeps the session; Cancelar closes', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    const { user, router } = setup();
    let dialog = await open(user);
    await user.type(within(dialog).getByLabelText('Contraseña'), 'Clave-segura-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(await within(dialog).findByText(DELETE_ACCOUNT_MSG.network)).toBeInTheDocument();

    mockFetch({ [DELETE]: [json(401, { detail: 'Token inválido o expirado.' })] });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(await within(dialog).findByText(DELETE_ACCOUNT_MSG.expired)).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('abc');

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/profile');
    dialog = await open(user);
    expect(within(dialog).getByLabelText('Contraseña')).toHaveValue('');
  });
});
