import type { LoginResponse, UserInfo } from '@togo/domain/auth/auth.contract';
import type { MyMembership } from '@togo/domain/organisation/organisation.contract';
import { ORGANISATION_PATHS, isMembership } from '@togo/domain/organisation/organisation.roles';
import { isCompany } from '@togo/domain/roles';
import { schedulePageReload } from '../../lib/page-reload.ts';
import { setFleetMembership, storeSession } from '../../lib/storage.ts';
import { apiGet } from '../../lib/api-client.ts';
import { isMobileUserAgent } from '../../lib/user-agent.ts';

/**
 * Where a signed-in user lands (AHGA §4 "Login"; SPPF §6: users whose ids_roles include the company role go
 * to the fleet area instead of the home — on a phone first to the 'open it on a PC' page).
 */
export function destinationAfterLogin(
  user: Pick<UserInfo, 'is_first_login_togo' | 'ids_roles'>,
  mobile: boolean,
  member = false,
) {
  // An invited member's new account has not chosen a user type: the invitation already placed it in a company.
  if (user.is_first_login_togo && !member) return '/user-type';
  if (isCompany(user.ids_roles) || member) return mobile ? '/user-type/inicio-empresas' : '/flota';
  return '/app/home';
}

/**
 * The caller's organisation membership (issue 16): an invited operador or consulta has a driver's account, so
 * ids_roles does not say they may open the fleet area. No membership (403) or a failure: null.
 */
export async function fetchMembership(): Promise<MyMembership | null> {
  try {
    // The zod-free shape check of myMembershipSchema: the sign-in route loads no zod (decision 043).
    const answer = await apiGet<unknown>(ORGANISATION_PATHS.mine);
    return isMembership(answer) ? { empresa: answer.empresa, rol: answer.rol } : null;
  } catch {
    return null;
  }
}

/** Where a signed-in person with pending invitations is offered them (decision 105). */
export const PENDING_INVITATIONS_PATH = '/empresa/invitaciones';

/**
 * Whether invitations to a company's fleet wait for the signed-in person (sent to their verified e-mail,
 * decision 105). A failure: false (the sign-in goes on as usual).
 */
async function hasPendingInvitations(): Promise<boolean> {
  try {
    const answer = await apiGet<unknown>(ORGANISATION_PATHS.pending);
    return Array.isArray(answer) && answer.length > 0;
  } catch {
    return false;
  }
}

/**
 * Stores token + userInfo (+ the membership), navigates to the user's area and reloads after 500 ms. Someone who is
 * in no organisation yet but was invited to one is first offered the invitation.
 */
export async function completeLogin(
  response: LoginResponse,
  navigate: (to: string, opts: { replace: boolean }) => unknown,
) {
  storeSession(response);
  const membership = await fetchMembership();
  setFleetMembership(membership);
  const offer = membership === null && !isCompany(response.ids_roles) && (await hasPendingInvitations());
  const destination = offer
    ? PENDING_INVITATIONS_PATH
    : destinationAfterLogin(response, isMobileUserAgent(), membership !== null);
  void navigate(destination, { replace: true });
  schedulePageReload();
}
