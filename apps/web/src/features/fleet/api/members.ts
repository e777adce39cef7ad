import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ORGANISATION_PATHS,
  memberListSchema,
  memberSchema,
  type MemberInvite,
} from '@togo/domain/organisation/organisation.contract';
import { apiParse, apiRequest } from '../../../lib/api-client.ts';
import { logFailure } from '../../../lib/log-failure.ts';

const membersKey = ['fleet', 'members'] as const;

/** GET /api/togo/empresa/miembros/ → [{id, correo, rol, estado}]. */
export function useMembersQuery() {
  return useQuery({
    queryKey: membersKey,
    queryFn: ({ signal }) =>
      logFailure('No se pudo consultar los miembros', () =>
        apiParse(memberListSchema, ORGANISATION_PATHS.members, { signal }),
      ),
  });
}

/** POST /api/togo/empresa/miembros/ {correo, rol} → 201 the invitation. */
export function useInviteMemberMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MemberInvite) =>
      apiParse(memberSchema, ORGANISATION_PATHS.members, { method: 'POST', body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}

/** DELETE /api/togo/empresa/miembros/{id}/ → 204; the member loses access at once. */
export function useRemoveMemberMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<unknown>(ORGANISATION_PATHS.member(id), { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}
