import { z } from 'zod';
import {
  operatorPicoPlacaEntrySchema,
  picoPlacaVersionSchema,
  type OperatorPicoPlacaEntry,
  type PicoPlacaVersion,
} from '@togo/domain/operator/operator-console.contract';
import { operatorRequest } from '../../lib/operator-api.ts';

/** The console's pico y placa calls (decision 022): list with state, one city, replace, history, revert. */

const cityAnswerSchema = z.looseObject({ version: z.number().int() });
const replaceAnswerSchema = z.object({
  ciudad: z.string(),
  version: z.number().int(),
  vigente_hasta: z.string().nullable(),
  estado: z.string(),
});

const base = '/api/operador/pico-placa/';

export function listCities(signal?: AbortSignal): Promise<OperatorPicoPlacaEntry[]> {
  return operatorRequest(base, { schema: operatorPicoPlacaEntrySchema.array(), signal });
}

/** The city object as stored, without the `version` the API adds. */
export async function getCity(
  dane: string,
  signal?: AbortSignal,
): Promise<{ city: Record<string, unknown>; version: number }> {
  const { version, ...city } = await operatorRequest(`${base}${dane}/`, { schema: cityAnswerSchema, signal });
  return { city, version };
}

export function replaceCity(dane: string, city: unknown) {
  return operatorRequest(`${base}${dane}/`, { method: 'PUT', body: city, schema: replaceAnswerSchema });
}

export function cityHistory(dane: string, signal?: AbortSignal): Promise<PicoPlacaVersion[]> {
  return operatorRequest(`${base}${dane}/historial/`, { schema: picoPlacaVersionSchema.array(), signal });
}

export function revertCity(dane: string, version: number) {
  return operatorRequest(`${base}${dane}/revertir/`, {
    method: 'POST',
    body: { version },
    schema: replaceAnswerSchema,
  });
}
