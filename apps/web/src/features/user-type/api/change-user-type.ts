import { useMutation } from '@tanstack/react-query';
import type { UserTypeChange } from '@togo/domain/auth/auth.contract';
import { userInfoResponseSchema } from '@togo/domain/auth/user-info.contract';
import { apiParse } from '../../../lib/api-client.ts';

/** PATCH /api/users-admin-manager/{id}/ {groups:[group], is_first_login_togo:false} → the user info. */
export function changeUserType({ userId, group }: { userId: number; group: number }) {
  const body: UserTypeChange = { groups: [group], is_first_login_togo: false };
  return apiParse(userInfoResponseSchema, `/api/users-admin-manager/${userId}/`, { method: 'PATCH', body });
}

export function useChangeUserTypeMutation() {
  return useMutation({ mutationFn: changeUserType });
}
