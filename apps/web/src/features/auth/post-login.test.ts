import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock.ts';
import { destinationAfterLogin, fetchMembership } from './post-login.ts';

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
