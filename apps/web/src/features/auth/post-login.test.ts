import { afterEach, describe, expect, it, vi } from 'vitest';
import { setPageReload } from '../../lib/page-reload.ts';
import { json, mockFetch } from '../../test/fetch-mock.ts';
import {
  PENDING_INVITATIONS_PATH,
  completeLogin,
  destinationAfterLogin,
  fetchMembership,
} from './post-login.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('post-login destination (issue 16: invited members)', () => {
  const driver = { is_first_login_togo: false, ids_roles: [1] };

  it('a driver account with an organisation membership lands in the fleet area; without one, home', () => {
    expect(destinationAfterLogin(driver, false, true)).toBe('/flota');
    expect(destinationAfterLogin(driver, true, true)).toBe('/user-type/inicio-empresas');
    expect(destinationAfterLogin(driver, false, false)).toBe('/app/home');
    // A new account created from an invitation skips the user-type choice.
    expect(destinationAfterLogin({ ...driver, is_first_login_togo: true }, false, true)).toBe('/flota');
    expect(destinationAfterLogin({ ...driver, is_first_login_togo: true }, false, false)).toBe('/user-type');
  });

  it('reads the membership; a 403 or a malformed answer is no membership', async () => {
    localStorage.setItem('token', 'tok');
    mockFetch({
      'GET /api/togo/empresa/mi-membresia/': [
        json(200, { empresa: 'Transportes Ruiz', rol: 'operador' }),
        json(403, { detail: 'Esta sección es solo para empresas.' }),
        json(200, { empresa: 'X', rol: 'jefe' }),
      ],
    });
    expect(await fetchMembership()).toEqual({ empresa: 'Transportes Ruiz', rol: 'operador' });
    expect(await fetchMembership()).toBeNull();
    expect(await fetchMembership()).toBeNull();
  });
});

describe('completeLogin offers pending invitations (issue 37, decision 105)', () => {
  const response = {
    access_token: 'tok',
    token: 'tok',
    id: 9,
    username: 'n@x.co',
    email: 'n@x.co',
    nombres: 'Nora',
    apellidos: 'Díaz',
    first_name: 'Nora',
    last_name: 'Díaz',
    profile_picture: null,
    is_first_login_togo: true,
    ids_roles: [1],
    groups: [{ id: 1, name: 'Cliente' }],
    tercero: { telefono: '', nombres: 'Nora', apellidos: 'Díaz', correo: 'n@x.co' },
  };

  it('someone in no organisation with a pending invitation goes to the offer; without one, as usual', async () => {
    setPageReload(() => undefined);
    const navigate = vi.fn();
    mockFetch({
      'GET /api/togo/empresa/mi-membresia/': () =>
        json(403, { detail: 'Esta sección es solo para empresas.' }),
      'GET /api/togo/empresa/invitaciones/': [
        json(200, [{ id: 1, empresa: 'X', rol: 'operador', vence: '2026-12-09T00:00:00Z' }]),
        json(200, []),
      ],
    });
    await completeLogin(response, navigate);
    await completeLogin(response, navigate);
    expect(navigate.mock.calls.map(([to]) => to as string)).toEqual([PENDING_INVITATIONS_PATH, '/user-type']);
    setPageReload(null);
  });
});
