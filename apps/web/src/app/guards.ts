import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { isCompany } from '@togo/domain/roles';
import { getToken, getUserInfo, hasSessionFlag, SESSION_KEYS } from '../lib/storage.ts';
import type { SessionFlag } from '../lib/storage.ts';

/** Route guards run as loaders: they return null to let the route render or a redirect. */

const AUTH_OPEN_CHILDREN = /^\/auth\/(reset-password|send-code|change-password)\/?$/;

/** auth/*: a signed-in company user goes to /flota, any other signed-in user to /app (except the reset flow). */
export function authGuard({ request }: LoaderFunctionArgs) {
  if (AUTH_OPEN_CHILDREN.test(new URL(request.url).pathname)) return null;
  if (!getToken()) return null;
  return redirect(isCompany(getUserInfo()?.ids_roles) ? '/flota' : '/app');
}

/** auth/send-code and auth/change-password: only while their session flag is set, otherwise to root. */
export function sessionFlagGuard(flag: SessionFlag) {
  return () => (hasSessionFlag(flag) ? null : redirect('/'));
}

export const otpGuard = sessionFlagGuard(SESSION_KEYS.accessOtp);
export const changePasswordGuard = sessionFlagGuard(SESSION_KEYS.accessChangePassword);

/** app/*, user-type/*, flota: a stored token is required. */
export function tokenGuard() {
  return getToken() ? null : redirect('/auth');
}

/** user-type (index): only during the first sign-in; afterwards company users go to /flota, others home. */
export function userTypeGuard() {
  const user = getUserInfo();
  if (user?.is_first_login_togo === true) return null;
  return redirect(isCompany(user?.ids_roles) ? '/flota' : '/app/home');
}

/**
 * user-type/inicio-empresas: during the first sign-in and for company users afterwards — after choosing
 * Empresa (is_first_login_togo is then false) and after a company sign-in on a phone both land here.
 */
export function companiesIntroGuard() {
  const user = getUserInfo();
  if (user?.is_first_login_togo === true || isCompany(user?.ids_roles)) return null;
  return redirect('/app/home');
}

/** flota: company users only; others go to the app root (SPPF §2, §6). */
export function companyGuard() {
  return isCompany(getUserInfo()?.ids_roles) ? null : redirect('/app');
}

/** app/home: company users are sent to the fleet area instead of the normal home (SPPF §6). */
export function homeGuard() {
  return isCompany(getUserInfo()?.ids_roles) ? redirect('/flota') : null;
}

/** Guards are cheap synchronous checks of storage: run them on every navigation. */
export const alwaysRevalidate = () => true;
