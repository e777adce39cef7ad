import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { StaffRole } from '@togo/domain/operator/operator-auth.contract';
import { StaffRoleProvider } from '../lib/staff-role.tsx';

/** A query client for one rendered screen: no retries, nothing collected while the test runs. */
function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** What the console's shell gives every screen: its own query client (TanStack Query loads every screen's data). */
export function ConsoleQueries({ children }: { children: ReactNode }) {
  const [client] = useState(testQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** A render `wrapper` that signs the screen in as `role` (what the shell provides once /yo/ answered). */
export function asRole(role: StaffRole) {
  return function SignedInAs({ children }: { children: ReactNode }) {
    return (
      <ConsoleQueries>
        <StaffRoleProvider role={role}>{children}</StaffRoleProvider>
      </ConsoleQueries>
    );
  };
}
