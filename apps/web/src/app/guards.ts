import { isCompany } from '@togo/domain/roles';
import { getFleetMembership, getToken, getUserInfo, hasSessionFlag, SESSION_KEYS } from '../lib/storage.ts';
import type { SessionFlag } from '../lib/storage.ts';
import { sessionEndedMark } from '../lib/session-ended.ts';

/**
 * Route guards: cheap synchronous checks of storage, run on every render of their route (app/route-kit.tsx).
 * Each returns null to let the route render, or the path to redirect to.
 */
export type Guard = (pathname: string) => string | null;

const AUTH_OPEN_CHILDREN = /^\/auth\/(reset-password|send-code|change-password)\/?$/;

/** auth/*: a signed-in company user goes to /flota, any other signed-in user to /app (except the reset flow). */
export const authGuard: Guard = (pathname) => {
  if (AUTH_OPEN_CHILDREN.test(pathname)) return null;
  if (!getToken()) return null;
  // Back from the user-type choice lands on the sign-in page: the choice is still to be made (issue 36).
  if (getUserInfo()?.is_first_login_togo === true) return '/user-type';
  return isCompany(getUserInfo()?.ids_roles) ? '/flota' : '/app';
};

/** auth/send-code and auth/change-password: only while their session flag is set, otherwise to root. */
export function sessionFlagGuard(flag: SessionFlag): Guard {
  return () => (hasSessionFlag(flag) ? null : '/');
}

export const otpGuard = sessionFlagGuard(SESSION_KEYS.accessOtp);
export const changePasswordGuard = sessionFlagGuard(SESSION_KEYS.accessChangePassword);

/** app/*, user-type/*, flota: a stored token is required; a session closed elsewhere goes to the sign-in itself. */
export const tokenGuard: Guard = () => {
  if (getToken()) return null;
  return sessionEndedMark() ? '/auth/login' : '/auth';
};

/** user-type (index): only during the first sign-in; afterwards company users go to /flota, others home. */
export const userTypeGuard: Guard = () => {
  const user = getUserInfo();
  if (user?.is_first_login_togo === true) return null;
  return isCompany(user?.ids_roles) ? '/flota' : '/app/home';
};

/**
 * user-type/inicio-empresas: during the first sign-in and for company users afterwards — after choosing
 * Empresa (is_first_login_togo is then false) and after a company sign-in on a phone both land here.
 */
export const companiesIntroGuard: Guard = () => {
  const user = getUserInfo();
  if (user?.is_first_login_togo === true || isCompany(user?.ids_roles)) return null;
  return '/app/home';
};

/**
 * flota: company users and members of an organisation (an invited operador or consulta, whose own account is a
 * driver's: the membership stored after sign-in); others go to the app root (SPPF §2, §6; issue 16).
 */
export const companyGuard: Guard = () =>
  isCompany(getUserInfo()?.ids_roles) || getFleetMembership() ? null : '/app';

/**
 * app/home: company users are sent to the fleet area instead of the normal home (SPPF §6); a first sign-in that
 * has not chosen its user type yet goes back to the choice (issue 36: back from /user-type skipped it).
 */
export const homeGuard: Guard = () => {
  const user = getUserInfo();
  if (user?.is_first_login_togo === true) return '/user-type';
  return isCompany(user?.ids_roles) ? '/flota' : null;
};

/** flota: a token, then the company role. */
export const fleetGuard: Guard = (pathname) => tokenGuard(pathname) ?? companyGuard(pathname);
