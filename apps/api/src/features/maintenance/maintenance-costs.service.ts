import { bogotaToday } from '@togo/domain/bogota-time';
import { daysBetween } from '@togo/domain/garage/garage-dates';
import {
  COST_CATEGORIES,
  costPerKm,
  kmDriven,
  monthBounds,
  monthsEnding,
  type CostCategory,
} from '@togo/domain/maintenance/costs';
import { MAINTENANCE_LIMITS, MAINTENANCE_MSG } from '@togo/domain/maintenance/maintenance.catalogue';
import type { Costs, CostsQuery, MonthlyCosts } from '@togo/domain/maintenance/maintenance.contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CategoryTotal, MaintenanceCostsRepository } from './maintenance-costs.repository.ts';
import type { MaintenanceRepository, VehicleRow } from './maintenance.repository.ts';
import { vehicleCostsWorkbook } from './maintenance.workbook.ts';
import type { MaintenanceService } from './maintenance.service.ts';

export interface Period {
  desde: string;
  hasta: string;
}

/** Category totals as the contract's object (every category present, 0 when nothing was spent). */
export function byCategory(
  totals: readonly Pick<CategoryTotal, 'categoria' | 'total'>[],
): Record<CostCategory, number> {
  const out = Object.fromEntries(COST_CATEGORIES.map((c) => [c, 0])) as Record<CostCategory, number>;
  for (const t of totals) out[t.categoria] += t.total;
  return out;
}

/** GET …/costos/ and its monthly view and export (issue 39, decision 075). */
export class MaintenanceCostsService {
  constructor(
    private readonly d: {
      costs: MaintenanceCostsRepository;
      repo: MaintenanceRepository;
      maintenance: MaintenanceService;
      clock: Clock;
    },
  ) {}

  /** The query's period: this month so far by default; never reversed, never longer than ten years. */
  period(query: CostsQuery): Period {
    const today = bogotaToday(this.d.clock.now());
    const desde = query.desde ?? `${today.slice(0, 7)}-01`;
    const hasta = query.hasta ?? (query.desde && query.desde > today ? query.desde : today);
    if (desde > hasta) throw AppError.field('desde', MAINTENANCE_MSG.period);
    if (daysBetween(desde, hasta) > MAINTENANCE_LIMITS.maxPeriodDays) {
      throw AppError.field('hasta', MAINTENANCE_MSG.periodTooLong);
    }
    return { desde, hasta };
  }

  async costs(vehicle: VehicleRow, query: CostsQuery): Promise<Costs> {
    const { desde, hasta } = this.period(query);
    const [totals, readings] = await Promise.all([
      this.d.costs.totals({ vehicleId: vehicle.id }, desde, hasta, false),
      this.d.repo.readings(this.d.repo.db, vehicle.id),
    ]);
    const por_categoria = byCategory(totals);
    const total = COST_CATEGORIES.reduce((sum, c) => sum + por_categoria[c], 0);
    return { total, por_categoria, costo_por_km: costPerKm(total, kmDriven(readings, desde, hasta)) };
  }

  /** Twelve months ending with `hasta` ('YYYY-MM', this month by default), each by category. */
  async monthly(vehicle: VehicleRow, hasta: string | undefined): Promise<MonthlyCosts> {
    const months = monthsEnding(hasta ?? bogotaToday(this.d.clock.now()).slice(0, 7));
    const first = monthBounds(months[0] as string).desde;
    const last = monthBounds(months[months.length - 1] as string).hasta;
    const totals = await this.d.costs.totals({ vehicleId: vehicle.id }, first, last, true);
    return {
      meses: months.map((mes) => {
        const cats = byCategory(totals.filter((t) => t.mes === mes));
        return { mes, ...cats, total: COST_CATEGORIES.reduce((sum, c) => sum + cats[c], 0) };
      }),
    };
  }

  /** The period's costs and records as an .xlsx. */
  async workbook(vehicle: VehicleRow, query: CostsQuery): Promise<{ filename: string; bytes: Buffer }> {
    const period = this.period(query);
    const inPeriod = (r: { fecha: string }) => r.fecha >= period.desde && r.fecha <= period.hasta;
    const [costs, records, fuel] = await Promise.all([
      this.costs(vehicle, period),
      this.d.maintenance.listRecords(vehicle),
      this.d.maintenance.listFuel(vehicle),
    ]);
    const bytes = await vehicleCostsWorkbook({
      placa: vehicle.placa,
      ...period,
      costs,
      records: records.filter(inPeriod),
      fuel: fuel.filter(inPeriod),
    });
    return { filename: `costos-${vehicle.placa}-${period.desde}-a-${period.hasta}.xlsx`, bytes };
  }
}
