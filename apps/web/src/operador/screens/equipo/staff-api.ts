import {
  invitationPendingSchema,
  staffMemberSchema,
  totpResetSchema,
  type StaffMember,
  type StaffRole,
} from '@togo/domain/operator/operator-auth.contract';
import { isApiError } from '../../../lib/api-client.ts';
import { operatorRequest } from '../../lib/operator-api.ts';

export const staffKey = ['operador', 'staff'] as const;

export function listStaff(signal?: AbortSignal): Promise<StaffMember[]> {
  return operatorRequest('/api/operador/staff/', { schema: staffMemberSchema.array(), signal });
}

export function inviteStaff(body: { correo: string; nombre: string; rol: StaffRole }) {
  return operatorRequest('/api/operador/staff/', { method: 'POST', body });
}

/** A role or state change, sent with the member's version the list showed (If-Match, decision 096). */
export function updateStaff(member: StaffMember, body: { rol?: StaffRole; activo?: boolean }) {
  return operatorRequest(`/api/operador/staff/${member.id}/`, {
    method: 'PATCH',
    body,
    ifMatch: member.version,
  });
}

/** An admin switches a colleague's second factor off: signed out, they must enrol again at the next sign-in. */
export function resetStaffTotp(id: number) {
  return operatorRequest(`/api/operador/staff/${id}/totp/restablecer/`, {
    method: 'POST',
    schema: totpResetSchema,
  });
}

/** A new link for a pending invitation; the earlier ones stop working. */
export function resendInvitation(id: number) {
  return operatorRequest(`/api/operador/staff/${id}/invitacion/`, { method: 'POST' });
}

/** Withdraws a pending invitation (the member who never accepted it is removed). */
export function revokeInvitation(id: number) {
  return operatorRequest(`/api/operador/staff/${id}/invitacion/`, { method: 'DELETE' });
}

/** Lifts a lock-out by failed sign-ins. */
export function unlockStaff(id: number) {
  return operatorRequest(`/api/operador/staff/${id}/desbloquear/`, { method: 'POST' });
}

/** The member whose invitation is still pending, when an invitation was refused for that (409). */
export function pendingInvitationOf(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const parsed = invitationPendingSchema.safeParse(error.body);
  return parsed.success ? parsed.data.staff_id : null;
}
