import type { VehicleValue } from '@togo/domain/garage/registry.contract';

/** The registry data a valuation needs. */
export interface ValueQuery {
  placa: string;
  marca: string;
  linea: string;
  modelo: number;
  clase: string;
  combustible: string;
  cilindraje: number;
}

/** Vehicle valuation in US dollars without decimals. Throws ProviderError when it cannot answer. */
export interface VehicleValueProvider {
  readonly name: string;
  valueOf(query: ValueQuery): Promise<VehicleValue>;
}
