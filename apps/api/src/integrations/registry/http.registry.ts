import { registryVehicleSchema, type RegistryVehicle } from '@togo/domain/garage/registry.contract';
import { ProviderError } from './provider-error.ts';
import { callJsonProvider, type HttpProviderOptions } from './provider-http.ts';
import type { OwnerQuery, RegistryProvider } from './registry-provider.ts';

/**
 * Registry over HTTP (REGISTRY_PROVIDER=http). The documented endpoint:
 *
 *   GET {REGISTRY_URL}/vehicles/{placa}?documento={documento}&tipo_documento={CC|CE|TI|PA|NIT|PPT}
 *   Authorization: Bearer {REGISTRY_API_KEY}
 *   200 → RegistryVehicle JSON (packages/domain/src/garage/registry.contract.ts), 404 → unknown plate.
 *
 * The answer is validated with zod and must be about the plate asked for; timeouts, 5xx and malformed
 * answers become retryable ProviderErrors.
 */
export class HttpRegistryProvider implements RegistryProvider {
  readonly name = 'http';
  private readonly opts: HttpProviderOptions;

  constructor(opts: Omit<HttpProviderOptions, 'name'>) {
    this.opts = { ...opts, name: 'registry-http' };
  }

  async lookupVehicle(query: OwnerQuery): Promise<RegistryVehicle> {
    const answer = await callJsonProvider(
      this.opts,
      {
        method: 'GET',
        path: `vehicles/${encodeURIComponent(query.placa)}`,
        query: { documento: query.documento, tipo_documento: query.tipoDocumento },
      },
      registryVehicleSchema,
    );
    if (answer.placa.toUpperCase() !== query.placa) {
      throw new ProviderError(this.opts.name, 'invalid_answer', 'answer is about another plate');
    }
    return answer;
  }
}
