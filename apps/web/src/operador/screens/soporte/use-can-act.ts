import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { staffRoleSchema, type StaffRole } from '@togo/domain/operator/operator-auth.contract';
import { getOperatorToken, operatorRequest } from '../../lib/operator-api.ts';

/** Roles that may act on a driver's account (the server's 'usuarios.soporte'); the others only read. */
export const SUPPORT_ACTORS: readonly StaffRole[] = ['admin', 'soporte'];

const roleSchema = z.object({ rol: staffRoleSchema });

/** Whether the signed-in staff member may use the support actions (the server checks every call again). */
export function useCanAct(): boolean {
  const token = getOperatorToken();
  const me = useQuery({
    queryKey: ['operador', 'soporte', 'rol', token],
    queryFn: ({ signal }) => operatorRequest('/api/operador/yo/', { schema: roleSchema, signal }),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
  return me.data ? SUPPORT_ACTORS.includes(me.data.rol) : false;
}
