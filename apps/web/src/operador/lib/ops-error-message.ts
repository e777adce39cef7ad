import { operatorErrorMessage, type ErrorWording } from './operator-messages.ts';

const OPS_WORDING: ErrorWording = {
  fallback: 'Ocurrió un error inesperado. Inténtalo de nuevo.',
  offline: 'Sin conexión con el servidor. Revisa tu red e inténtalo de nuevo.',
  byStatus: { 403: () => 'No tienes permiso para realizar esta acción.' },
  fields: 'named',
};

/**
 * A Spanish message for a failed call of the operations screens (agenda, sedes, precios): the server's `detail`
 * (409, 404…), the first field error named by its field (400), or a generic one.
 */
export function errorMessage(err: unknown): string {
  return operatorErrorMessage(err, OPS_WORDING);
}
