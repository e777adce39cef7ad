import { bogotaLocalDateTime } from '@togo/domain/bogota-time';
import {
  FLEET_ALERT_DOCUMENTS,
  type FleetAlert,
  type FleetAlertDocument,
  type FleetAlertGroup,
  type FleetAlerts,
  type FleetAlertsQuery,
} from '@togo/domain/fleet/fleet-alerts.contract';
import type { Clock } from '../../lib/clock.ts';
import type { ComplianceVehicleRow, FleetComplianceRepository } from './fleet-compliance.repository.ts';

/** The fleet is read in chunks of this many vehicles (keyset by plate). */
const CHUNK = 2_000;
const DAY_MS = 86_400_000;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The group of an expiry `dias` days away; null beyond 90 days. */
export function alertGroup(dias: number | null): FleetAlertGroup | null {
  if (dias === null || dias < 0) return 'vencidos';
  if (dias <= 30) return 'vencen_30';
  if (dias <= 60) return 'vencen_60';
  if (dias <= 90) return 'vencen_90';
  return null;
}

/**
 * Alertas (issue 16): every vehicle's SOAT and RTM expiries judged on a date (Bogotá today by default), in four
 * groups — vencidos (an expired date, or no SOAT at all once the registry answered), and due within 30, 60 and
 * 90 days — soonest first. A vehicle whose registry was never looked up has no dates and no alerts.
 */
export class FleetAlertsService {
  constructor(
    private readonly repo: FleetComplianceRepository,
    private readonly clock: Clock,
  ) {}

  today(): string {
    return bogotaLocalDateTime(this.clock.now()).slice(0, 10);
  }

  private alertsOf(v: ComplianceVehicleRow, date: string, docs: readonly FleetAlertDocument[]): FleetAlert[] {
    const out: FleetAlert[] = [];
    for (const documento of docs) {
      const vence = documento === 'soat' ? v.soat_vence : v.rtm_vence;
      if (vence === null && !(documento === 'soat' && v.registry_ok)) continue;
      out.push({
        vehiculo_id: v.vehicle_id,
        placa: v.placa,
        ciudad: v.city_name,
        ciudad_codigo: v.city_code,
        documento,
        vence,
        dias: vence === null ? null : daysBetween(date, vence),
      });
    }
    return out;
  }

  async alerts(companyId: number, query: FleetAlertsQuery): Promise<FleetAlerts> {
    const fecha = query.fecha ?? this.today();
    const docs = query.documento ? [query.documento] : FLEET_ALERT_DOCUMENTS;
    const grupos: FleetAlerts['grupos'] = { vencidos: [], vencen_30: [], vencen_60: [], vencen_90: [] };
    let after: string | undefined;
    for (;;) {
      const chunk = await this.repo.page(companyId, { limit: CHUNK, after });
      for (const v of chunk) {
        for (const alert of this.alertsOf(v, fecha, docs)) {
          const group = alertGroup(alert.dias);
          if (group) grupos[group].push(alert);
        }
      }
      if (chunk.length < CHUNK) break;
      after = chunk[chunk.length - 1]?.placa;
    }
    const byDue = (a: FleetAlert, b: FleetAlert) =>
      (a.dias ?? -100_000) - (b.dias ?? -100_000) || a.placa.localeCompare(b.placa);
    for (const list of Object.values(grupos)) list.sort(byDue);
    return { fecha, documento: query.documento ?? null, grupos };
  }
}
