import { PERSONAL_DATA_PATHS, type DeleteAccountRequest } from '@togo/domain/profile/personal-data.contract';
import { apiRequest, downloadWithToken } from '../../../lib/api-client.ts';

/** GET /api/togo/mis-datos/ → a .zip saved by the browser (datos.json and the user's files). */
export function downloadMyData(): Promise<void> {
  return downloadWithToken(PERSONAL_DATA_PATHS.export, 'mis-datos-togo.zip');
}

/** DELETE /api/togo/mi-cuenta/ {password} or {confirmacion: 'ELIMINAR'} → 204; every session is revoked. */
export function deleteMyAccount(body: DeleteAccountRequest): Promise<void> {
  return apiRequest<void>(PERSONAL_DATA_PATHS.deleteAccount, { method: 'DELETE', body });
}
