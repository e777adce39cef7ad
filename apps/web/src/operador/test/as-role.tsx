import type { ReactNode } from 'react';
import type { StaffRole } from '@togo/domain/operator/operator-auth.contract';
import { StaffRoleProvider } from '../lib/staff-role.tsx';

/** A render `wrapper` that signs the screen in as `role` (what the shell provides once /yo/ answered). */
export function asRole(role: StaffRole) {
  return function SignedInAs({ children }: { children: ReactNode }) {
    return <StaffRoleProvider role={role}>{children}</StaffRoleProvider>;
  };
}
