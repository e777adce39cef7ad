import type { FinesResult } from '@togo/domain/garage/registry.contract';
import type { OwnerQuery, ProviderQuota } from '../registry/registry-provider.ts';

/**
 * Traffic fines (SIMIT-like): fines of the vehicle (by plate) and of the person (by document).
 * Implementations throw ProviderError when they cannot answer.
 */
export interface FinesProvider {
  /** Recorded with every snapshot; 'demo' data is shown as 'Datos de demostración'. */
  readonly name: string;
  readonly quota?: ProviderQuota;
  lookupFines(query: OwnerQuery): Promise<FinesResult>;
}
