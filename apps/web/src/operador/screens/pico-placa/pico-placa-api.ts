import {
  operatorPicoPlacaChangeSchema,
  operatorPicoPlacaCitySchema,
  operatorPicoPlacaEntrySchema,
  picoPlacaRemovedSchema,
  picoPlacaReviewItemSchema,
  picoPlacaVersionSchema,
  type OperatorPicoPlacaEntry,
  type PicoPlacaReviewItem,
  type PicoPlacaVersion,
} from '@togo/domain/operator/operator-console.contract';
import {
  operatorPicoPlacaReportSchema,
  type OperatorPicoPlacaReport,
} from '@togo/domain/pico-placa/pico-placa-report.contract';
import { operatorRequest } from '../../lib/operator-api.ts';

/**
 * The console's pico y placa calls (decision 022): list with state, one city, replace, history, revert; the
 * "Por revisar" list and removing a city created by mistake (issue 33, decision 083).
 */

const base = '/api/operador/pico-placa/';

export function listCities(signal?: AbortSignal): Promise<OperatorPicoPlacaEntry[]> {
  return operatorRequest(base, { schema: operatorPicoPlacaEntrySchema.array(), signal });
}

/** The city object as stored, without the `version` the API adds. */
export async function getCity(
  dane: string,
  signal?: AbortSignal,
): Promise<{ city: Record<string, unknown>; version: number }> {
  const { version, ...city } = await operatorRequest(`${base}${dane}/`, {
    schema: operatorPicoPlacaCitySchema,
    signal,
  });
  return { city, version };
}

/** Saves the rules; `readAt` is the version the editor loaded (a 409 when someone saved since). */
export function replaceCity(dane: string, city: unknown, readAt: number) {
  return operatorRequest(`${base}${dane}/`, {
    method: 'PUT',
    body: city,
    schema: operatorPicoPlacaChangeSchema,
    ifMatch: readAt,
  });
}

export function cityHistory(dane: string, signal?: AbortSignal): Promise<PicoPlacaVersion[]> {
  return operatorRequest(`${base}${dane}/historial/`, { schema: picoPlacaVersionSchema.array(), signal });
}

export function revertCity(dane: string, version: number, readAt: number) {
  return operatorRequest(`${base}${dane}/revertir/`, {
    method: 'POST',
    body: { version },
    schema: operatorPicoPlacaChangeSchema,
    ifMatch: readAt,
  });
}

export function reviewList(signal?: AbortSignal): Promise<PicoPlacaReviewItem[]> {
  return operatorRequest(`${base}por-revisar/`, { schema: picoPlacaReviewItemSchema.array(), signal });
}

/** Removes the city read at `version` (If-Match, decision 096). */
export function removeCity(dane: string, version: number) {
  return operatorRequest(`${base}${dane}/`, {
    method: 'DELETE',
    schema: picoPlacaRemovedSchema,
    ifMatch: version,
  });
}

/** The drivers' reports of a wrong answer (decision 104): open ones, oldest first. */
export function reportList(signal?: AbortSignal): Promise<OperatorPicoPlacaReport[]> {
  return operatorRequest(`${base}reportes/?estado=abierto`, {
    schema: operatorPicoPlacaReportSchema.array(),
    signal,
  });
}

/** Marks a report resolved with an optional reply to the driver (409 when someone already did). */
export function resolveReport(id: number, respuesta: string) {
  return operatorRequest(`${base}reportes/${id}/resolver/`, {
    method: 'POST',
    body: { respuesta },
    schema: operatorPicoPlacaReportSchema,
  });
}
