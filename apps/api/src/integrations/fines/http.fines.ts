import { finesResultSchema, type FinesResult } from '@togo/domain/garage/registry.contract';
import { callJsonProvider, type HttpProviderOptions } from '../registry/provider-http.ts';
import type { OwnerQuery } from '../registry/registry-provider.ts';
import type { FinesProvider } from './fines-provider.ts';

/**
 * Fines over HTTP (FINES_PROVIDER=http). The documented endpoint:
 *
 *   GET {FINES_URL}/fines?placa={placa}&documento={documento}&tipo_documento={code}
 *   Authorization: Bearer {FINES_API_KEY}
 *   200 → {comparendos_vehiculo: Fine[], comparendos_persona: Fine[]} (registry.contract.ts).
 */
export class HttpFinesProvider implements FinesProvider {
  readonly name = 'http';
  private readonly opts: HttpProviderOptions;

  constructor(opts: Omit<HttpProviderOptions, 'name'>) {
    this.opts = { ...opts, name: 'fines-http' };
  }

  lookupFines(query: OwnerQuery): Promise<FinesResult> {
    return callJsonProvider(
      this.opts,
      {
        method: 'GET',
        path: 'fines',
        query: { placa: query.placa, documento: query.documento, tipo_documento: query.tipoDocumento },
      },
      finesResultSchema,
    );
  }
}
