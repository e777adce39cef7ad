import type { StaffRole } from '@togo/domain/operator/operator-auth.contract';
import { ALL_STAFF, operatorScreens, type OperatorScreen } from '../screens.ts';

/**
 * The shell's own screens: the dashboard first; staff management and the audit log after the other
 * areas' screens (`operatorScreens`, filled by each area).
 */
const dashboard: OperatorScreen = {
  path: '',
  label: 'Inicio',
  roles: ALL_STAFF,
  load: () => import('../screens/inicio/Dashboard.tsx'),
};

const shellTail: OperatorScreen[] = [];

/** Every console screen in navigation order; an area may replace the dashboard by registering path ''. */
export function allScreens(): OperatorScreen[] {
  const own = operatorScreens.some((s) => s.path === '') ? [] : [dashboard];
  return [...own, ...operatorScreens, ...shellTail];
}

/** The screens a role may open (the server authorises every call again). */
export function screensFor(role: StaffRole, screens: OperatorScreen[] = allScreens()): OperatorScreen[] {
  return screens.filter((s) => s.roles.includes(role));
}

export { shellTail };
