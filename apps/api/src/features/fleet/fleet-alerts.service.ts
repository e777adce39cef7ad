import { bogotaLocalDateTime } from '@togo/domain/bogota-time';
import {
  FLEET_ALERT_DOCUMENTS,
  FLEET_ALERT_GROUPS,
  FLEET_ALERTS_PAGE_SIZE,
  type FleetAlert,
  type FleetAlertDocument,
  type FleetAlertGroup,
  type FleetAlerts,
  type FleetAlertsQuery,
} from '@togo/domain/fleet/fleet-alerts.contract';
import { FLEET_COMPLIANCE_MSG } from '@togo/domain/fleet/fleet-compliance.contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AlertFactsRow, FleetAlertsRepository } from './fleet-alerts.repository.ts';

/** Lower case without accents: 'José PÉREZ' → 'jose perez' (the driver filter). */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

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

type PerGroup<T> = Record<FleetAlertGroup, T>;
const perGroup = <T>(make: () => T): PerGroup<T> =>
  Object.fromEntries(FLEET_ALERT_GROUPS.map((g) => [g, make()])) as PerGroup<T>;

/**
 * Alertas (issues 16, 37): every vehicle's SOAT, RTM, driver's licence, all-risk policy, road tax and extinguisher
 * recharge judged on a date (Bogotá today by default), in four groups — vencidos (an expired date, or no SOAT at
 * all once the registry answered), and due within 30, 60 and 90 days — soonest first; all rows, or a page of each
 * group. A date TOGO does not know is in no group and is counted in `sin_fecha`, never taken as up to date.
 */
export class FleetAlertsService {
  constructor(
    private readonly repo: FleetAlertsRepository,
    private readonly clock: Clock,
  ) {}

  today(): string {
    return bogotaLocalDateTime(this.clock.now()).slice(0, 10);
  }

  /** The vehicle's alerts for `docs`; a document with no known date is counted in `unknown` instead. */
  private alertsOf(
    v: AlertFactsRow,
    date: string,
    docs: readonly FleetAlertDocument[],
    unknown: Record<FleetAlertDocument, number>,
  ): FleetAlert[] {
    const out: FleetAlert[] = [];
    for (const documento of docs) {
      const vence = v[documento];
      // The registry answered and lists no SOAT: the vehicle has none, which is an alert, not an unknown.
      const noSoat = documento === 'soat' && v.registry_ok;
      if (vence === null && !noSoat) {
        unknown[documento] += 1;
        continue;
      }
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
    const all = perGroup<FleetAlert[]>(() => []);
    const sinFecha = Object.fromEntries(FLEET_ALERT_DOCUMENTS.map((d) => [d, 0])) as FleetAlerts['sin_fecha'];
    const driver = query.conductor === undefined ? null : folded(query.conductor);
    let after: string | undefined;
    for (;;) {
      const chunk = await this.repo.chunk(companyId, { limit: CHUNK, after });
      for (const v of chunk) {
        if (query.ciudad !== undefined && v.city_code !== query.ciudad) continue;
        if (
          driver !== null &&
          !folded(`${v.conductor_nombre ?? ''} ${v.conductor_documento}`).includes(driver)
        )
          continue;
        for (const alert of this.alertsOf(v, fecha, docs, sinFecha)) {
          const group = alertGroup(alert.dias);
          if (group) all[group].push(alert);
        }
      }
      if (chunk.length < CHUNK) break;
      after = chunk[chunk.length - 1]?.placa;
    }
    const byDue = (a: FleetAlert, b: FleetAlert) =>
      (a.dias ?? -100_000) - (b.dias ?? -100_000) ||
      a.placa.localeCompare(b.placa) ||
      FLEET_ALERT_DOCUMENTS.indexOf(a.documento) - FLEET_ALERT_DOCUMENTS.indexOf(b.documento);
    for (const list of Object.values(all)) list.sort(byDue);

    const paged = query.page !== undefined || query.page_size !== undefined;
    const page = query.page ?? 1;
    const size = query.page_size ?? FLEET_ALERTS_PAGE_SIZE;
    const shown = (g: FleetAlertGroup) => (query.grupo === undefined || query.grupo === g ? all[g] : []);
    if (paged) {
      const longest = Math.max(...FLEET_ALERT_GROUPS.map((g) => shown(g).length));
      if (page > Math.max(1, Math.ceil(longest / size)))
        throw AppError.notFound(FLEET_COMPLIANCE_MSG.pageInvalid);
    }
    const grupos = perGroup<FleetAlert[]>(() => []);
    for (const g of FLEET_ALERT_GROUPS)
      grupos[g] = paged ? shown(g).slice((page - 1) * size, page * size) : shown(g);
    return {
      fecha,
      documento: query.documento ?? null,
      grupo: query.grupo ?? null,
      grupos,
      totales: {
        vencidos: all.vencidos.length,
        vencen_30: all.vencen_30.length,
        vencen_60: all.vencen_60.length,
        vencen_90: all.vencen_90.length,
      },
      page: paged ? page : null,
      page_size: paged ? size : null,
      sin_fecha: sinFecha,
    };
  }
}
