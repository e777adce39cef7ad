import {
  staffMemberSchema,
  totpResetSchema,
  type StaffMember,
  type StaffRole,
} from '@togo/domain/operator/operator-auth.contract';
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
