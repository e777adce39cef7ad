import {
  invitationGoneSchema,
  invitationLiveSchema,
  operatorSessionSchema,
  totpConfirmedSchema,
  totpEnrolmentSchema,
  type InvitationState,
  type OperatorSession,
  type TotpConfirmed,
  type TotpEnrolment,
} from '@togo/domain/operator/operator-auth.contract';
import { isApiError } from '../../lib/api-client.ts';
import { operatorRequest } from '../lib/operator-api.ts';

/** The second step's proof: the app's 6-digit code or one of the recovery codes. */
export type SecondFactor = { codigo_totp: string } | { codigo_recuperacion: string };

export function signIn(correo: string, clave: string, factor?: SecondFactor): Promise<OperatorSession> {
  const body = { correo, clave, ...factor };
  return operatorRequest('/api/operador/sesion/', {
    method: 'POST',
    body,
    schema: operatorSessionSchema,
  });
}

/** A new enrolment; with TOTP already on, `codigoActual` (the current app's code) is required. */
export function startTotpEnrolment(codigoActual?: string): Promise<TotpEnrolment> {
  return operatorRequest('/api/operador/totp/', {
    method: 'POST',
    ...(codigoActual ? { body: { codigo_totp: codigoActual } } : {}),
    schema: totpEnrolmentSchema,
  });
}

export function confirmTotp(codigo: string): Promise<TotpConfirmed> {
  return operatorRequest('/api/operador/totp/confirmar/', {
    method: 'POST',
    body: { codigo },
    schema: totpConfirmedSchema,
  });
}

export function acceptInvitation(token: string, clave: string): Promise<unknown> {
  return operatorRequest('/api/operador/invitacion/aceptar/', {
    method: 'POST',
    body: { token, clave },
  });
}

/** What an invitation link is: its person while it works, else why not (asked before the form is shown). */
export type InvitationCheck =
  { live: true; correo: string; nombre: string } | { live: false; estado: InvitationState; detail: string };

export async function checkInvitation(token: string, signal?: AbortSignal): Promise<InvitationCheck> {
  try {
    const who = await operatorRequest(`/api/operador/invitacion/?token=${encodeURIComponent(token)}`, {
      schema: invitationLiveSchema,
      signal,
    });
    return { live: true, ...who };
  } catch (error) {
    const gone =
      isApiError(error) && error.status === 410 ? invitationGoneSchema.safeParse(error.body) : null;
    if (gone?.success) return { live: false, ...gone.data };
    throw error;
  }
}
