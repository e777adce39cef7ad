import { bogotaToday } from '@togo/domain/bogota-time';
import type { ReminderState } from '@togo/domain/maintenance/maintenance.catalogue';
import {
  FLEET_MAINTENANCE_EXPORT_MAX,
  type FleetMaintenanceFilter,
  type FleetMaintenancePage,
  type FleetMaintenanceQuery,
} from '@togo/domain/maintenance/fleet-maintenance.contract';
import { GROUP_COMPANY } from '@togo/domain/roles';
import type { Clock } from '../../lib/clock.ts';
import type { FleetMaintenanceRepository } from './fleet-maintenance.repository.ts';
import type { MaintenanceCostsService } from './maintenance-costs.service.ts';
import { fleetMaintenanceWorkbook } from './maintenance.workbook.ts';

const MIN_RANK = { todos: 0, pendientes: 1, vencido: 2 } as const;
const STATE_OF_RANK: readonly ReminderState[] = ['al_dia', 'pronto', 'vencido'];

/** The fleet-wide maintenance view (issue 39 "Companies", decision 077). */
export class FleetMaintenanceService {
  constructor(
    private readonly d: {
      repo: FleetMaintenanceRepository;
      costs: Pick<MaintenanceCostsService, 'costs'>;
      clock: Clock;
    },
  ) {}

  async page(organisationId: number, query: FleetMaintenanceQuery): Promise<FleetMaintenancePage> {
    const today = bogotaToday(this.d.clock.now());
    const size = query.page_size;
    const [vehicles, resumen] = await Promise.all([
      this.d.repo.page(organisationId, today, MIN_RANK[query.estado], size, (query.page - 1) * size),
      this.d.repo.summary(organisationId, today),
    ]);
    const services = await this.d.repo.services(
      organisationId,
      today,
      vehicles.map((v) => v.id),
    );
    // The year so far, per vehicle of the page (a page is at most 100 vehicles).
    const year = { desde: `${today.slice(0, 4)}-01-01`, hasta: today };
    const costs = await Promise.all(
      vehicles.map((v) =>
        this.d.costs.costs(
          {
            id: v.id,
            userId: organisationId,
            ownerGroupId: GROUP_COMPANY,
            placa: v.placa,
            kilometraje: v.kilometraje,
          },
          year,
        ),
      ),
    );
    const total = vehicles[0]?.total ?? 0;
    return {
      data: vehicles.map((v, i) => ({
        vehicle_id: v.id,
        placa: v.placa,
        kilometraje: v.kilometraje,
        estado: STATE_OF_RANK[v.rank] ?? 'al_dia',
        servicios: services
          .filter((s) => s.vehicle_id === v.id)
          .map(({ tipo, estado, proximo_km, proxima_fecha }) => ({
            tipo,
            estado,
            proximo_km,
            proxima_fecha,
          })),
        costo_anio: costs[i]?.total ?? 0,
        costo_por_km: costs[i]?.costo_por_km ?? null,
      })),
      total,
      numero_paginas_totales: Math.ceil(total / size),
      resumen,
    };
  }

  /** Every vehicle of the filter (pages of 100, at most FLEET_MAINTENANCE_EXPORT_MAX) as an .xlsx. */
  async workbook(
    organisationId: number,
    estado: FleetMaintenanceFilter,
  ): Promise<{ filename: string; bytes: Buffer }> {
    const rows: FleetMaintenancePage['data'] = [];
    for (let page = 1; rows.length < FLEET_MAINTENANCE_EXPORT_MAX; page++) {
      const next = await this.page(organisationId, { page, page_size: 100, estado });
      rows.push(...next.data);
      if (page >= next.numero_paginas_totales) break;
    }
    const today = bogotaToday(this.d.clock.now());
    return { filename: `mantenimiento-flota-${today}.xlsx`, bytes: await fleetMaintenanceWorkbook(rows) };
  }
}
