import { bogotaToday } from '@togo/domain/bogota-time';
import { COST_CATEGORIES, costPerKm, kmDriven } from '@togo/domain/maintenance/costs';
import {
  NO_DRIVER_LABEL,
  type FleetDriverCosts,
  type FleetDriverCostsRow,
} from '@togo/domain/maintenance/fleet-driver-costs.contract';
import type { CostsQuery } from '@togo/domain/maintenance/maintenance.contract';
import type { Clock } from '../../lib/clock.ts';
import type {
  FleetDriverCostsRepository,
  VehicleCategoryTotal,
  VehicleReading,
} from './fleet-driver-costs.repository.ts';
import { byCategory, type MaintenanceCostsService } from './maintenance-costs.service.ts';
import { fleetDriverCostsWorkbook } from './maintenance.workbook.ts';

type Totals = Omit<FleetDriverCostsRow, 'conductor' | 'tipo_documento' | 'documento' | 'placas'>;

function summed(perCategory: FleetDriverCostsRow['por_categoria'], kilometros: number): Totals {
  const total = COST_CATEGORIES.reduce((sum, c) => sum + perCategory[c], 0);
  return { total, por_categoria: perCategory, kilometros, costo_por_km: costPerKm(total, kilometros) };
}

/**
 * Costs per driver (issue 39 "Companies", decision 091): each live vehicle's costs of the period (the same four
 * sources as a vehicle's own costs) and kilometres (its odometer series rule) go to the driver assigned to it
 * today; the vehicles without one go to "Sin conductor asignado". A driver on several vehicles is one row (same
 * document type and number).
 */
export class FleetDriverCostsService {
  constructor(
    private readonly d: {
      repo: FleetDriverCostsRepository;
      costs: Pick<MaintenanceCostsService, 'period'>;
      clock: Clock;
    },
  ) {}

  async byDriver(organisationId: number, query: CostsQuery): Promise<FleetDriverCosts> {
    // The view's per-vehicle costs are the year so far: so is this breakdown by default.
    const year = (query.hasta ?? bogotaToday(this.d.clock.now())).slice(0, 4);
    const { desde, hasta } = this.d.costs.period({
      desde: query.desde ?? `${year}-01-01`,
      hasta: query.hasta,
    });
    const [vehicles, totals, readings] = await Promise.all([
      this.d.repo.vehicles(organisationId),
      this.d.repo.totals(organisationId, desde, hasta),
      this.d.repo.readings(organisationId, hasta),
    ]);
    const readingsOf = new Map<number, VehicleReading[]>();
    for (const r of readings) {
      const list = readingsOf.get(r.vehicle_id);
      if (list) list.push(r);
      else readingsOf.set(r.vehicle_id, [r]);
    }
    const totalsOf = new Map<number, VehicleCategoryTotal[]>();
    for (const t of totals) {
      const list = totalsOf.get(t.vehicle_id);
      if (list) list.push(t);
      else totalsOf.set(t.vehicle_id, [t]);
    }

    const groups = new Map<
      string,
      { row: Omit<FleetDriverCostsRow, keyof Totals>; totals: VehicleCategoryTotal[]; km: number }
    >();
    for (const v of vehicles) {
      const key = v.documento === null ? '' : `${v.tipo_documento ?? ''}:${v.documento}`;
      const group = groups.get(key) ?? {
        row: {
          conductor: v.documento === null ? NO_DRIVER_LABEL : '',
          tipo_documento: v.documento === null ? null : v.tipo_documento,
          documento: v.documento,
          placas: [],
        },
        totals: [],
        km: 0,
      };
      if (v.documento !== null && !group.row.conductor) {
        group.row.conductor = v.nombre?.trim() || `${v.tipo_documento ?? ''} ${v.documento}`.trim();
      }
      group.row.placas.push(v.placa);
      group.totals.push(...(totalsOf.get(v.vehicle_id) ?? []));
      group.km += kmDriven(readingsOf.get(v.vehicle_id) ?? [], desde, hasta);
      groups.set(key, group);
    }

    const data: FleetDriverCostsRow[] = [];
    for (const g of groups.values()) {
      const t = summed(byCategory(g.totals), g.km);
      if (t.total === 0 && t.kilometros === 0) continue;
      data.push({ ...g.row, placas: g.row.placas.sort(), ...t });
    }
    data.sort(
      (a, b) =>
        Number(a.documento === null) - Number(b.documento === null) ||
        b.total - a.total ||
        a.conductor.localeCompare(b.conductor, 'es'),
    );
    const km = [...groups.values()].reduce((sum, g) => sum + g.km, 0);
    return { desde, hasta, data, flota: summed(byCategory(totals), km) };
  }

  async workbook(organisationId: number, query: CostsQuery): Promise<{ filename: string; bytes: Buffer }> {
    const costs = await this.byDriver(organisationId, query);
    return {
      filename: `costos-por-conductor-${costs.desde}-a-${costs.hasta}.xlsx`,
      bytes: await fleetDriverCostsWorkbook(costs),
    };
  }
}
