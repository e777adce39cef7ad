import {
  supportActionAnswerSchema,
  supportBookingsPageSchema,
  supportDeliveriesPageSchema,
  supportResendAnswerSchema,
  supportSearchPageSchema,
  supportUserDetailSchema,
  type SupportOrder,
} from '@togo/domain/operator/operator-support.contract';
import { operatorRequest } from '../../lib/operator-api.ts';

/** The support screens' calls (decision 031); every answer is parsed with the domain's schema. */

export const SUPPORT_PAGE_SIZE = 20;

export const supportKeys = {
  all: ['operador', 'soporte'] as const,
  search: (q: string, page: number, orden: SupportOrder) =>
    [...supportKeys.all, 'buscar', q, page, orden] as const,
  user: (id: number) => [...supportKeys.all, 'usuario', id] as const,
  list: (id: number, kind: 'agendamientos' | 'avisos', page: number) =>
    [...supportKeys.all, 'usuario', id, kind, page] as const,
};

export function searchUsers(q: string, page: number, orden: SupportOrder, signal?: AbortSignal) {
  const params = new URLSearchParams({ q, page: String(page), page_size: String(SUPPORT_PAGE_SIZE), orden });
  return operatorRequest(`/api/operador/usuarios/?${params}`, { schema: supportSearchPageSchema, signal });
}

export function fetchUser(id: number, signal?: AbortSignal) {
  return operatorRequest(`/api/operador/usuarios/${id}/`, { schema: supportUserDetailSchema, signal });
}

export function fetchUserBookings(id: number, page: number, signal?: AbortSignal) {
  return operatorRequest(`/api/operador/usuarios/${id}/agendamientos/?page=${page}&page_size=10`, {
    schema: supportBookingsPageSchema,
    signal,
  });
}

export function fetchUserDeliveries(id: number, page: number, signal?: AbortSignal) {
  return operatorRequest(`/api/operador/usuarios/${id}/avisos/?page=${page}&page_size=10`, {
    schema: supportDeliveriesPageSchema,
    signal,
  });
}

export const SUPPORT_ACTIONS = ['reenviar-codigo', 'desbloquear', 'revocar-sesiones'] as const;
export type SupportAction = (typeof SUPPORT_ACTIONS)[number];

export async function runSupportAction(id: number, action: SupportAction): Promise<string> {
  const path = `/api/operador/usuarios/${id}/${action}/`;
  if (action === 'reenviar-codigo') {
    return (await operatorRequest(path, { method: 'POST', schema: supportResendAnswerSchema })).detail;
  }
  return (await operatorRequest(path, { method: 'POST', schema: supportActionAnswerSchema })).detail;
}
