import { createContext, useContext, type ReactNode } from 'react';
import type { StaffRole } from '@togo/domain/operator/operator-auth.contract';
import { roleMay, type Permission } from '@togo/domain/operator/operator-permissions';

/** The signed-in staff member's role; null outside the signed-in shell (nothing may be done then). */
const StaffRoleContext = createContext<StaffRole | null>(null);

/** Set by the shell once GET /api/operador/yo/ answered; screens read it through `useMay`. */
export function StaffRoleProvider({ role, children }: { role: StaffRole | null; children: ReactNode }) {
  return <StaffRoleContext.Provider value={role}>{children}</StaffRoleContext.Provider>;
}

/**
 * Whether the signed-in role holds `permission`, from the same table the server authorises with (decision 039).
 * Screens hide the buttons of what the role may not do; the server's 403 stays the real guard.
 */
export function useMay(permission: Permission): boolean {
  const role = useContext(StaffRoleContext);
  return role !== null && roleMay(role, permission);
}

/** Each role's name in Spanish (top bar, team screen). */
export const ROLE_LABEL: Record<StaffRole, string> = {
  admin: 'Administración',
  operaciones: 'Operaciones',
  contenido: 'Contenido',
  soporte: 'Soporte',
};
