import { bogotaToday } from '@togo/domain/bogota-time';
import {
  PRICE_SCHEDULE_MSG,
  type PriceSchedule,
  type PriceScheduleInput,
} from '@togo/domain/operator/price-schedule.contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { PRICE_OBJECT, type PriceSchedulesRepository } from './operator-price-schedules.repository.ts';
import type { PricesInEffect } from './prices-in-effect.ts';
import type { AuditActor } from './audit.repository.ts';

const NOT_FOUND = 'Precio no encontrado.';

/** Prices scheduled from a future day (decision 118): list the pending ones, schedule, cancel; all audited. */
export class OperatorPriceSchedulesService {
  constructor(
    private readonly deps: {
      repo: PriceSchedulesRepository;
      prices: Pick<PricesInEffect, 'apply'>;
      clock: Clock;
    },
  ) {}

  async list(): Promise<{ results: PriceSchedule[] }> {
    await this.deps.prices.apply();
    return { results: await this.deps.repo.listPending() };
  }

  async schedule(actor: AuditActor, input: PriceScheduleInput): Promise<PriceSchedule> {
    const now = this.deps.clock.now();
    if (input.vigente_desde <= bogotaToday(now)) {
      throw AppError.field('vigente_desde', PRICE_SCHEDULE_MSG.future);
    }
    const created = await this.deps.repo.create(
      { tipo: input.tipo, clave: input.clave, precio: input.precio, vigenteDesde: input.vigente_desde },
      actor,
      (s) => ({
        actor,
        accion: 'precio.programar',
        objeto: `${PRICE_OBJECT[s.tipo]}:${s.clave}`,
        antes: { precio: s.precio_actual },
        despues: { precio: s.precio, vigente_desde: s.vigente_desde, programado: s.id },
      }),
      now,
    );
    if (!created) throw AppError.field('clave', NOT_FOUND);
    return created;
  }

  async cancel(actor: AuditActor, id: number): Promise<void> {
    const result = await this.deps.repo.cancel(
      id,
      (s) => ({
        actor,
        accion: 'precio.cancelar_programado',
        objeto: `${PRICE_OBJECT[s.tipo]}:${s.clave}`,
        antes: { precio: s.precio, vigente_desde: s.vigente_desde, programado: s.id },
        despues: null,
      }),
      this.deps.clock.now(),
    );
    if (result === 'missing') throw AppError.notFound();
    if (result === 'done') throw AppError.conflict(PRICE_SCHEDULE_MSG.notPending);
  }
}
