import type { RegistryVehicle } from '@togo/domain/garage/registry.contract';

export interface OwnerQuery {
  /** Normalised plate, e.g. 'ABC123'. */
  placa: string;
  /** Owner's document number. */
  documento: string;
  /** Owner's document type code: 'CC', 'CE', 'TI', 'PA', 'NIT', 'PPT'. */
  tipoDocumento: string;
}

/**
 * Vehicle registry (RUNT-like): vehicle data, SOAT, RTM and the owner's driving licence for a plate.
 * Implementations throw ProviderError ('not_found', 'timeout', …) when they cannot answer.
 */
export interface RegistryProvider {
  /** Recorded with every snapshot; 'demo' data is shown as 'Datos de demostración'. */
  readonly name: string;
  lookupVehicle(query: OwnerQuery): Promise<RegistryVehicle>;
}
