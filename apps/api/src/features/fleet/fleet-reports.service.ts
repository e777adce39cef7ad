import { bogotaLocalDateTime } from '@togo/domain/bogota-time';
import { FLEET_COMPLIANCE_SOON_DAYS } from '@togo/domain/fleet/fleet-compliance.contract';
import {
  FLEET_REPORTS_MAX_ROWS,
  type FleetReports,
  type FleetReportsQuery,
} from '@togo/domain/fleet/fleet-reports.contract';
import type { Clock } from '../../lib/clock.ts';
import type { FleetComplianceRepository } from './fleet-compliance.repository.ts';
import type { FineTotalRow, FleetReportsRepository } from './fleet-reports.repository.ts';

function totals(r: FineTotalRow) {
  return {
    multas: r.multas,
    total: Number(r.total),
    pendientes: r.pendientes,
    total_pendiente: Number(r.total_pendiente),
  };
}

/**
 * `part` of `whole` as a percentage with one decimal, rounded down (issue 37: 5.200 of 5.205 is 99,9 %, never 100 %
 * before all are). Integer arithmetic, so 57 of 100 is exactly 57. An empty fleet is 100 %.
 */
export function percentDown(part: number, whole: number): number {
  if (whole <= 0) return 100;
  return Math.floor((part * 1000) / whole) / 10;
}

/**
 * Reportes (issue 16): fines totals by vehicle, by driver (the vehicle's current driver, or its owner) and by
 * month of the infraction (the first `limite` rows of each, at most 1,000, largest first; their counts in all), and the share of vehicles whose documents
 * are in order today (SOAT present and not expired, RTM not expired: the compliance summary's rule).
 */
export class FleetReportsService {
  constructor(
    private readonly repo: FleetReportsRepository,
    private readonly compliance: FleetComplianceRepository,
    private readonly clock: Clock,
  ) {}

  async reports(companyId: number, query: FleetReportsQuery = {}): Promise<FleetReports> {
    const fecha = bogotaLocalDateTime(this.clock.now()).slice(0, 10);
    const limit = query.limite ?? FLEET_REPORTS_MAX_ROWS;
    const [vehicle, driver, month, groups] = await Promise.all([
      this.repo.fineTotals(companyId, 'vehicle', limit),
      this.repo.fineTotals(companyId, 'driver', limit),
      this.repo.fineTotals(companyId, 'month', limit),
      this.compliance.groups(companyId, fecha, FLEET_COMPLIANCE_SOON_DAYS),
    ]);
    const vehiculos = groups.reduce((n, g) => n + g.vehicles, 0);
    // A vehicle whose SOAT TOGO does not know is not al día (it is counted apart), whatever it may turn out to be.
    const sinInformacion = groups.reduce((n, g) => n + g.unknown, 0);
    const al_dia = vehiculos - groups.reduce((n, g) => n + g.expired, 0) - sinInformacion;
    return {
      fecha,
      por_vehiculo: vehicle.map((r) => ({ placa: r.key, ...totals(r) })),
      por_conductor: driver.map((r) => ({ conductor: r.label, documento: r.key, ...totals(r) })),
      por_mes: month.map((r) => ({ mes: r.key, ...totals(r) })),
      totales: {
        por_vehiculo: vehicle[0]?.grupos ?? 0,
        por_conductor: driver[0]?.grupos ?? 0,
        por_mes: month[0]?.grupos ?? 0,
      },
      documentos: {
        vehiculos,
        al_dia,
        sin_informacion: sinInformacion,
        porcentaje_al_dia: percentDown(al_dia, vehiculos),
      },
    };
  }
}
