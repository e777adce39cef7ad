import {
  staffMemberSchema,
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

export function updateStaff(id: number, body: { rol?: StaffRole; activo?: boolean }) {
  return operatorRequest(`/api/operador/staff/${id}/`, { method: 'PATCH', body });
}
