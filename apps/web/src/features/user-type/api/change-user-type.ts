import { useMutation } from '@tanstack/react-query';
import type { UserInfo } from '@togo/domain/auth/auth.contract';
import { apiPatch } from '../../../lib/api-client.ts';

export interface UserTypeChangeResponse {
  id: number;
  groups: UserInfo['groups'];
  ids_roles: number[];
  is_first_login_togo: boolean;
}

/** PATCH /api/users-admin-manager/{id}/ {groups:[group], is_first_login_togo:false}. */
export function changeUserType({ userId, group }: { userId: number; group: number }) {
  return apiPatch<UserTypeChangeResponse>(`/api/users-admin-manager/${userId}/`, {
    groups: [group],
    is_first_login_togo: false,
  });
}

export function useChangeUserTypeMutation() {
  return useMutation({ mutationFn: changeUserType });
}
