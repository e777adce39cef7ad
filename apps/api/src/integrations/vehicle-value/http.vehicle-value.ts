import { vehicleValueSchema, type VehicleValue } from '@togo/domain/garage/registry.contract';
import { callJsonProvider, type HttpProviderOptions } from '../registry/provider-http.ts';
import type { ValueQuery, VehicleValueProvider } from './vehicle-value-provider.ts';

/**
 * Valuation over HTTP (VALUE_PROVIDER=http). The documented endpoint:
 *
 *   POST {VALUE_URL}/valuations   body {placa, marca, linea, modelo, clase, combustible, cilindraje}
 *   Authorization: Bearer {VALUE_API_KEY}
 *   200 → {valor_vehiculo: integer USD}
 */
export class HttpVehicleValueProvider implements VehicleValueProvider {
  readonly name = 'http';
  private readonly opts: HttpProviderOptions;

  constructor(opts: Omit<HttpProviderOptions, 'name'>) {
    this.opts = { ...opts, name: 'value-http' };
  }

  valueOf(query: ValueQuery): Promise<VehicleValue> {
    return callJsonProvider(
      this.opts,
      { method: 'POST', path: 'valuations', body: query },
      vehicleValueSchema,
    );
  }
}
