import { bogotaInstant, bogotaToday } from '@togo/domain/bogota-time';
import type { DashboardSummary } from '@togo/domain/operator/operator-dashboard.contract';
import type { Clock } from '../../lib/clock.ts';
import type { OperatorDashboardRepository } from './operator-dashboard.repository.ts';
import type { OperatorPicoPlacaService } from './operator-pico-placa.service.ts';

const DAY_MS = 86_400_000;
const FAILURES_DAYS = 7;
const FAILURES_MAX = 20;

/** GET /api/operador/resumen/: what needs a look today (decision 029). */
export class OperatorDashboardService {
  constructor(
    private readonly repo: OperatorDashboardRepository,
    private readonly picoPlaca: OperatorPicoPlacaService,
    private readonly clock: Clock,
  ) {}

  async summary(): Promise<DashboardSummary> {
    const now = this.clock.now();
    const today = bogotaToday(now);
    const start = bogotaInstant(today, 0);
    const [reservas, ingresos, cities, failures] = await Promise.all([
      this.repo.bookingsPerBranch(today, now),
      this.repo.paidRevenue(start, new Date(start.getTime() + DAY_MS)),
      this.picoPlaca.list(),
      this.repo.recentJobFailures(new Date(now.getTime() - FAILURES_DAYS * DAY_MS), FAILURES_MAX),
    ]);
    return {
      reservas_hoy: reservas.map((r) => ({ ...r, reservas: Number(r.reservas) })),
      ingresos_hoy: ingresos,
      pico_placa: cities.filter((c) => c.estado !== 'vigente'),
      trabajos_fallidos: failures.map((f) => ({
        nombre: f.nombre,
        error: f.error,
        fecha: new Date(f.fecha).toISOString(),
      })),
    };
  }
}
