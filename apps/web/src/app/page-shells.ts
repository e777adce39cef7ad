/**
 * Who sees a signed-in entry page's shell (docs/decisions/044, 048): the page's inline script (app/page-boot.ts)
 * reads the device's storage before the first paint and marks <html> when the screen will open, so a visitor the
 * route's guard sends elsewhere never sees a picture of a screen that is not theirs. Boot-time code: of the app it
 * imports only the guards' role and membership checks (modules without zod); page-shells.test.ts checks each audience
 * against app/guards.ts.
 */
import { isMembership } from '@togo/domain/organisation/organisation.roles';
import { isCompany } from '@togo/domain/roles';

/**
 * - `home`: a session, not a company's account (tokenGuard, homeGuard);
 * - `session`: any session (tokenGuard: the booking wizards);
 * - `fleet`: a session of a company, or of an organisation's member (fleetGuard).
 */
export type ShellAudience = 'home' | 'session' | 'fleet';
export const SHELL_AUDIENCES: readonly ShellAudience[] = ['home', 'session', 'fleet'];

/** Set on <html> when the page's screen will open: components/styles.css shows its shell only then. */
export const SESSION_CLASS = 'togo-session';

/** lib/storage.ts's STORAGE_KEYS.token, STORAGE_KEYS.userInfo and STORAGE_KEYS.fleetMembership. */
export const TOKEN_KEY = 'token';
export const USER_INFO_KEY = 'userInfo';
export const FLEET_MEMBERSHIP_KEY = 'fleetMembership';

/** What the guards read from localStorage. */
export interface StoredSession {
  token: string | null;
  userInfo: string | null;
  membership: string | null;
}

function parsed(json: string | null): unknown {
  try {
    return JSON.parse(json ?? 'null');
  } catch {
    return null; // Unreadable: the guards read nothing either.
  }
}

function isCompanyUser(userInfo: string | null): boolean {
  return isCompany((parsed(userInfo) as { ids_roles?: number[] } | null)?.ids_roles);
}

export function shellOpens(audience: ShellAudience, stored: StoredSession): boolean {
  if (!stored.token) return false;
  if (audience === 'home') return !isCompanyUser(stored.userInfo);
  if (audience === 'fleet') return isCompanyUser(stored.userInfo) || isMembership(parsed(stored.membership));
  return true;
}

export function storedSession(storage: Storage = localStorage): StoredSession {
  return {
    token: storage.getItem(TOKEN_KEY),
    userInfo: storage.getItem(USER_INFO_KEY),
    membership: storage.getItem(FLEET_MEMBERSHIP_KEY),
  };
}

/**
 * The stored token when `audience`'s screen will open for what the device stores, else null (also when storage is
 * unavailable, private mode settings: no shell, and the app reads as usual). The page's inline script then marks the
 * document (SESSION_CLASS) and, on the home, starts its reads with it (app/page-boot.ts).
 */
export function openingToken(audience: ShellAudience): string | null {
  try {
    const stored = storedSession();
    return shellOpens(audience, stored) ? stored.token : null;
  } catch {
    return null;
  }
}
