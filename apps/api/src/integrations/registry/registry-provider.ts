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
 * The provider account's own per-minute limit, when it has one: the scheduled refresh reserves its calls
 * under `key` (shared by every provider of the same account, e.g. registry and fines both on Verifik) and
 * never asks more than `perMinute` a minute (decision 070). Without it, each kind has its own quota.
 */
export interface ProviderQuota {
  key: string;
  perMinute: number;
}

/**
 * Vehicle registry (RUNT-like): vehicle data, SOAT, RTM and the owner's driving licence for a plate.
 * Implementations throw ProviderError ('not_found', 'timeout', …) when they cannot answer.
 */
export interface RegistryProvider {
  /** Recorded with every snapshot; 'demo' data is shown as 'Datos de demostración'. */
  readonly name: string;
  readonly quota?: ProviderQuota;
  lookupVehicle(query: OwnerQuery): Promise<RegistryVehicle>;
}
