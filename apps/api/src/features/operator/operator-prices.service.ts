import type { PriceKind, PriceList } from '@togo/domain/operator/operator-ops.contract';
import { AppError } from '../../http/app-error.ts';
import { staleVersion } from '../../http/if-match.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditActor } from './audit.repository.ts';
import type { PricesInEffect } from './prices-in-effect.ts';
import type { OperatorPricesRepository } from './operator-prices.repository.ts';

const NOT_FOUND: Record<PriceKind, string> = {
  rtm: 'Clase de vehículo no encontrada.',
  combos: 'Combo de peritaje no encontrado.',
  tramites: 'Trámite no encontrado.',
};

const OBJECT: Record<PriceKind, string> = { rtm: 'precio-rtm', combos: 'combo', tramites: 'tramite' };

/** Console prices: list and edit (audited); drivers' quotes read the same rows. */
export class OperatorPricesService {
  constructor(
    private readonly repo: OperatorPricesRepository,
    private readonly clock: Clock,
    /** Scheduled prices whose day has come are applied before the list is read (decision 118). */
    private readonly prices: Pick<PricesInEffect, 'apply'>,
  ) {}

  async list(): Promise<PriceList> {
    await this.prices.apply();
    return this.repo.list();
  }

  /**
   * One price, per row: `expected` is the version of that row the screen read (If-Match); 409 when another save of
   * the same row came first (decision 096). Saves of other rows do not make it stale.
   */
  async setPrice(actor: AuditActor, kind: PriceKind, key: string, precio: number, expected: number) {
    if (key.length === 0 || key.length > 60) throw AppError.notFound(NOT_FOUND[kind]);
    await this.prices.apply();
    const after = await this.repo.setPrice(
      kind,
      key,
      expected,
      precio,
      (before, updated) => ({
        actor,
        accion: 'precio.editar',
        objeto: `${OBJECT[kind]}:${key}`,
        antes: before,
        despues: updated,
      }),
      this.clock.now(),
    );
    if (after === 'missing') throw AppError.notFound(NOT_FOUND[kind]);
    if (after === 'stale') throw staleVersion();
    return after;
  }
}
