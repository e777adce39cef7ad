import { bogotaLocalDateTime } from '@togo/domain/bogota-time';
import { OPERATOR_MSG } from '@togo/domain/operator/operator-auth.contract';
import {
  closureDays,
  type BranchPatch,
  type ClosureAnswer,
} from '@togo/domain/operator/operator-console.contract';
import {
  BRANCH_PAGE_SIZE_DEFAULT,
  type BranchClosureEntry,
  type BranchCreate,
  type BranchListQuery,
  type DivipolaOption,
  type OperatorBranch,
  type OperatorBranchPage,
} from '@togo/domain/operator/operator-ops.contract';
import type { Logger } from 'pino';
import { AppError } from '../../http/app-error.ts';
import { staleVersion } from '../../http/if-match.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditActor } from './audit.repository.ts';
import type { OperatorBookingNotices } from './operator-booking-notices.ts';
import type { OperatorBranchesRepository } from './operator-branches.repository.ts';
import type { OperatorDivipolaRepository } from './operator-divipola.repository.ts';

const UNKNOWN_CITY = 'No es un municipio de Colombia (DIVIPOLA).';

const hhmm = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** Branch edits and closures; drivers' branch and slot queries read the same rows, so they see them at once. */
export class OperatorBranchesService {
  constructor(
    private readonly deps: {
      repo: OperatorBranchesRepository;
      /** The branch form's lists of departments and municipalities. */
      divipola: OperatorDivipolaRepository;
      clock: Clock;
      /** The drivers' notices of a closure, recorded in their delivery log (decision 109). */
      notices: OperatorBookingNotices;
      log: Pick<Logger, 'error'>;
    },
  ) {}

  /**
   * The console's list (decision 039): without `page` and `page_size` the plain array (filtered and sorted when
   * asked, as the audit log); with either, one page with the total and the cities of the city filter.
   */
  async search(query: BranchListQuery): Promise<OperatorBranch[] | OperatorBranchPage> {
    const filter = { ciudad: query.ciudad, q: query.q || undefined };
    const { repo } = this.deps;
    if (query.page === undefined && query.page_size === undefined) {
      return repo.search(filter, query.orden ?? null, null);
    }
    const page = query.page ?? 1;
    const size = query.page_size ?? BRANCH_PAGE_SIZE_DEFAULT;
    const [data, total, ciudades] = await Promise.all([
      repo.search(filter, query.orden ?? 'nombre', size, (page - 1) * size),
      repo.count(filter),
      repo.cities(),
    ]);
    return { data, total, page, page_size: size, ciudades };
  }

  /** `expected`: the version the editor read (If-Match); 409 when another save came first (decision 096). */
  async patch(actor: AuditActor, id: string, patch: BranchPatch, expected: number): Promise<OperatorBranch> {
    const now = this.deps.clock.now();
    const after = await this.deps.repo.patch(
      id,
      expected,
      patch,
      bogotaLocalDateTime(now).slice(0, 10),
      (before, updated) => ({
        actor,
        accion: 'sede.editar',
        objeto: `sede:${id}`,
        antes: before,
        despues: updated,
      }),
      now,
    );
    if (after === 'missing') throw AppError.notFound('Sede no encontrada.');
    if (after === 'stale') throw staleVersion();
    if (after === 'unknown_city') throw AppError.field('ciudad', UNKNOWN_CITY);
    return after;
  }

  /**
   * Closes the branch from `fecha` to `hasta` (both included; one day without `hasta`): the days not closed yet are
   * closed in one transaction and each affected driver is told, as for one day (decision 110). Days of the range
   * already closed are kept and named in the answer; 409 when all of them were.
   */
  async close(
    actor: AuditActor,
    id: string,
    closure: { fecha: string; hasta?: string | undefined; motivo: string },
  ): Promise<ClosureAnswer> {
    const { fecha, motivo } = closure;
    const hasta = closure.hasta ?? fecha;
    const fechas = closureDays(fecha, hasta);
    const now = this.deps.clock.now();
    const result = await this.deps.repo.close(
      { branchId: id, fechas, motivo, staffId: actor.staffId },
      (closed, alreadyClosed) => ({
        actor,
        accion: 'sede.cerrar_dia',
        objeto: `sede:${id}`,
        antes: alreadyClosed.length > 0 ? { ya_cerrados: alreadyClosed } : null,
        despues: fechas.length === 1 ? { fecha, motivo } : { fecha, hasta, motivo, cerrados: closed },
      }),
      now,
    );
    if (result === 'not_found') throw AppError.notFound('Sede no encontrada.');
    if (result === 'exists') {
      throw AppError.conflict(
        fechas.length === 1 ? OPERATOR_MSG.closureExists : OPERATOR_MSG.closureRangeExists,
      );
    }
    for (const b of result.bookings) {
      // A failed message is logged and listed in the driver's Avisos; the closure stands and the list is in the
      // answer for staff to call.
      await this.deps.notices
        .closure({ sede: result.sede, fecha: b.fecha, motivo }, b)
        .catch((err: unknown) => this.deps.log.error({ err, bookingId: b.id }, 'closure notice not sent'));
    }
    return {
      sede: id,
      fecha,
      hasta,
      motivo,
      cerrados: result.closed,
      ya_cerrados: result.alreadyClosed,
      por_reprogramar: result.bookings.map((b) => ({
        id: b.id,
        fecha: b.fecha,
        placa: b.placa,
        hora: hhmm(b.hora),
        cliente: { nombre: b.nombre, correo: b.correo },
      })),
    };
  }

  /** DIVIPOLA for the branch form: the departments, then one department's municipalities (404 for none). */
  departments(): Promise<DivipolaOption[]> {
    return this.deps.divipola.departments();
  }

  async municipalities(department: number): Promise<DivipolaOption[]> {
    const list = await this.deps.divipola.municipalities(department);
    if (list.length === 0) throw AppError.notFound('Departamento no encontrado.');
    return list;
  }

  async create(actor: AuditActor, branch: BranchCreate): Promise<OperatorBranch> {
    const now = this.deps.clock.now();
    const result = await this.deps.repo.create(
      branch,
      (created) => ({
        actor,
        accion: 'sede.crear',
        objeto: `sede:${branch.id}`,
        antes: null,
        despues: created,
      }),
      now,
    );
    if (result === 'exists') throw AppError.field('id', 'Ya existe una sede con ese código.');
    if (result === 'unknown_city') throw AppError.field('ciudad', UNKNOWN_CITY);
    return result;
  }

  async closures(id: string): Promise<BranchClosureEntry[]> {
    const list = await this.deps.repo.closures(id);
    if (!list) throw AppError.notFound('Sede no encontrada.');
    return list.map((c) => ({
      fecha: c.fecha,
      motivo: c.motivo,
      staff: c.staff,
      creado: new Date(c.creado).toISOString(),
    }));
  }

  /** Deletes a closure from today on; a past day's closure stays as history (409). */
  async reopen(actor: AuditActor, id: string, fecha: string): Promise<void> {
    const now = this.deps.clock.now();
    const outcome = await this.deps.repo.reopen(
      id,
      fecha,
      bogotaLocalDateTime(now).slice(0, 10),
      (removed) => ({
        actor,
        accion: 'sede.reabrir_dia',
        objeto: `sede:${id}`,
        antes: removed,
        despues: null,
      }),
      now,
    );
    if (outcome === 'not_found') throw AppError.notFound('No hay un cierre de esa sede ese día.');
    if (outcome === 'past') throw AppError.conflict('Ese cierre ya pasó; queda en el historial.');
  }
}
