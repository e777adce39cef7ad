import { z } from 'zod';
import {
  operatorSessionSchema,
  totpEnrolmentSchema,
  type OperatorSession,
  type TotpEnrolment,
} from '@togo/domain/operator/operator-auth.contract';
import { operatorRequest } from '../lib/operator-api.ts';

export function signIn(correo: string, clave: string, codigoTotp?: string): Promise<OperatorSession> {
  const body = codigoTotp ? { correo, clave, codigo_totp: codigoTotp } : { correo, clave };
  return operatorRequest('/api/operador/sesion/', {
    method: 'POST',
    body,
    schema: operatorSessionSchema,
  });
}

export function startTotpEnrolment(): Promise<TotpEnrolment> {
  return operatorRequest('/api/operador/totp/', { method: 'POST', schema: totpEnrolmentSchema });
}

export function confirmTotp(codigo: string): Promise<unknown> {
  return operatorRequest('/api/operador/totp/confirmar/', {
    method: 'POST',
    body: { codigo },
    schema: z.object({ totp: z.literal(true) }),
  });
}

export function acceptInvitation(token: string, clave: string): Promise<unknown> {
  return operatorRequest('/api/operador/invitacion/aceptar/', {
    method: 'POST',
    body: { token, clave },
  });
}
