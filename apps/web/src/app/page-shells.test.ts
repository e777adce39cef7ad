import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { fleetGuard, homeGuard, tokenGuard, type Guard } from './guards.ts';
import {
  FLEET_MEMBERSHIP_KEY,
  openingToken,
  SESSION_CLASS,
  SHELL_AUDIENCES,
  shellOpens,
  storedSession,
  TOKEN_KEY,
  USER_INFO_KEY,
  type ShellAudience,
} from './page-shells.ts';

afterEach(() => {
  localStorage.clear();
  document.documentElement.classList.remove(SESSION_CLASS);
  vi.restoreAllMocks();
});

/** Each audience is the visitors its route's guards let in (app/router.tsx). */
const GUARDS: Record<ShellAudience, [string, Guard[]]> = {
  home: ['/app/home', [tokenGuard, homeGuard]],
  session: ['/app/servicios/rtm', [tokenGuard]],
  fleet: ['/flota', [fleetGuard]],
};

const CLIENT = JSON.stringify({ ids_roles: [1] });
const COMPANY = JSON.stringify({ ids_roles: [1, 2] });
const MEMBER = JSON.stringify({ empresa: 'Transportes Andinos', rol: 'operador' });

describe('page shells (decision 048)', () => {
  it("read the app's storage keys", () => {
    expect(TOKEN_KEY).toBe(STORAGE_KEYS.token);
    expect(USER_INFO_KEY).toBe(STORAGE_KEYS.userInfo);
    expect(FLEET_MEMBERSHIP_KEY).toBe(STORAGE_KEYS.fleetMembership);
  });

  it('show a shell exactly to the visitors the route lets in', () => {
    const tokens = [null, 'tok'];
    const users = [null, CLIENT, COMPANY, JSON.stringify({ ids_roles: 'x' }), '{not json', 'null'];
    const memberships = [null, MEMBER, '{"empresa": "X", "rol": "jefe"}', '{"empresa": 3}', '{not json'];
    for (const audience of SHELL_AUDIENCES) {
      const [path, guards] = GUARDS[audience];
      for (const token of tokens) {
        for (const userInfo of users) {
          for (const membership of memberships) {
            localStorage.clear();
            if (token !== null) localStorage.setItem(STORAGE_KEYS.token, token);
            if (userInfo !== null) localStorage.setItem(STORAGE_KEYS.userInfo, userInfo);
            if (membership !== null) localStorage.setItem(STORAGE_KEYS.fleetMembership, membership);
            const enters = guards.every((guard) => guard(path) === null);
            expect(
              shellOpens(audience, storedSession()),
              `${audience} ${token} ${userInfo} ${membership}`,
            ).toBe(enters);
          }
        }
      }
    }
  });

  it("give the session's token only when the screen will open, and none when storage is unavailable", () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.userInfo, CLIENT);
    expect(openingToken('fleet')).toBeNull();
    expect(openingToken('home')).toBe('tok');

    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(openingToken('session')).toBeNull();
  });
});
