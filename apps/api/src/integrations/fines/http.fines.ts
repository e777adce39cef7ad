import { fineState } from '@togo/domain/garage/fine-states';
import { finesResultSchema, type FinesResult } from '@togo/domain/garage/registry.contract';
import { ProviderError } from '../registry/provider-error.ts';
import { callJsonProvider, type HttpProviderOptions } from '../registry/provider-http.ts';
import type { OwnerQuery } from '../registry/registry-provider.ts';
import type { FinesProvider } from './fines-provider.ts';

/**
 * Fines over HTTP (FINES_PROVIDER=http). The documented endpoint:
 *
 *   GET {FINES_URL}/fines?placa={placa}&documento={documento}&tipo_documento={code}
 *   Authorization: Bearer {FINES_API_KEY}
 *   200 → {comparendos_vehiculo: Fine[], comparendos_persona: Fine[]} (registry.contract.ts).
 *
 * Each fine's `estado` must be one TOGO counts (fine-states.ts: vigente, en cobro coactivo, acuerdo de pago,
 * pagado, anulado, in any case): an answer with another word is refused, never guessed (decision 071).
 */
export class HttpFinesProvider implements FinesProvider {
  readonly name = 'http';
  private readonly opts: HttpProviderOptions;

  constructor(opts: Omit<HttpProviderOptions, 'name'>) {
    this.opts = { ...opts, name: 'fines-http' };
  }

  async lookupFines(query: OwnerQuery): Promise<FinesResult> {
    const answer = await callJsonProvider(
      this.opts,
      {
        method: 'GET',
        path: 'fines',
        query: { placa: query.placa, documento: query.documento, tipo_documento: query.tipoDocumento },
      },
      finesResultSchema,
    );
    for (const fine of [...answer.comparendos_vehiculo, ...answer.comparendos_persona]) {
      if (!fineState(fine.estado)) {
        throw new ProviderError(this.opts.name, 'invalid_answer', `unknown fine state '${fine.estado}'`);
      }
    }
    return answer;
  }
}
