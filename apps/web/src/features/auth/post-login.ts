import type { LoginResponse, UserInfo } from '@togo/domain/auth/auth.contract';
import { isCompany } from '@togo/domain/roles';
import { schedulePageReload } from '../../lib/page-reload.ts';
import { storeSession } from '../../lib/storage.ts';
import { isMobileUserAgent } from '../../lib/user-agent.ts';

/**
 * Where a signed-in user lands (AHGA §4 "Login"; SPPF §6: users whose ids_roles include the company role go
 * to the fleet area instead of the home — on a phone first to the 'open it on a PC' page).
 */
export function destinationAfterLogin(
  user: Pick<UserInfo, 'is_first_login_togo' | 'ids_roles'>,
  mobile: boolean,
) {
  if (user.is_first_login_togo) return '/user-type';
  if (isCompany(user.ids_roles)) return mobile ? '/user-type/inicio-empresas' : '/flota';
  return '/app/home';
}

/** Stores token + userInfo, navigates to the user's area and reloads after 500 ms. */
export function completeLogin(
  response: LoginResponse,
  navigate: (to: string, opts: { replace: boolean }) => unknown,
) {
  storeSession(response);
  void navigate(destinationAfterLogin(response, isMobileUserAgent()), { replace: true });
  schedulePageReload();
}
