/**
 * The SQL of bench:load's read routes, bare: each route's queries through the app's own repositories (the same
 * statements by construction, prepared statements included), bound to any Db, in the order its service runs
 * them (one run = the route's queries; queries the service runs together run together). What is left out is
 * what every request does around them: the session (or staff, or membership) look-up, zod, JSON, HTTP.
 */
import { FLEET_COMPLIANCE_SOON_DAYS } from '@togo/domain/fleet/fleet-compliance.contract';
import { bogotaLocalDateTime } from '@togo/domain/bogota-time';
import { PICO_PLACA_BASE_URL_NAME } from '@togo/domain/pico-placa/pico-placa.contract';
import type { Db } from '../../src/db/client.ts';
import { AlertsRepository } from '../../src/features/alerts/alerts.repository.ts';
import { BookingRepository } from '../../src/features/booking/booking.repository.ts';
import { FleetComplianceRepository } from '../../src/features/fleet/fleet-compliance.repository.ts';
import { complianceVehicleChunks } from '../../src/features/fleet/fleet-compliance.service.ts';
import { GarageRepository } from '../../src/features/garage/garage.repository.ts';
import { OperatorBookingsRepository } from '../../src/features/operator/operator-bookings.repository.ts';
import { PicoPlacaRepository } from '../../src/features/pico-placa/pico-placa.repository.ts';

/** One run of a route's SQL (what the service asks the database for one request). */
export interface RouteSql {
  /** GarageService.list. */
  userGarages(userId: number): Promise<unknown>;
  /** GarageService.getSelected. */
  selectedVehicle(userId: number): Promise<unknown>;
  /** AlertsService.getAlert, ALERTA_SOAT: one query with the registry snapshot's `soat` part. */
  soatAlert(userId: number, vehicleId: number): Promise<unknown>;
  /** PicoPlacaService.forVehicle: the vehicle, then its city's rules, embed slug and base URL together. */
  picoPlaca(userId: number, vehicleId: number): Promise<unknown>;
  /** booking-slots.ts slots: the branch, the occupancy of the dates, the closed dates. */
  slots(branchId: string, from: string, to: string): Promise<unknown>;
  /** BookingService.listMine. */
  myBookings(userId: number): Promise<unknown>;
  /**
   * FleetComplianceService.grid with a state: the rules' fingerprint (the parsed rules are cached while it is
   * unchanged), the summary's groups, then every vehicle in chunks (the engine picks the state's rows).
   */
  fleetComplianceByState(companyId: number): Promise<unknown>;
  /** OperatorBookingsService.agendaJson. */
  agenda(branchId: string, fecha: string): Promise<unknown>;
}

export function routeSql(db: Db): RouteSql {
  const garage = new GarageRepository(db);
  const alerts = new AlertsRepository(db);
  const pico = new PicoPlacaRepository(db);
  const booking = new BookingRepository(db);
  const compliance = new FleetComplianceRepository(db);
  const operator = new OperatorBookingsRepository(db);
  return {
    userGarages: (userId) => garage.findLiveByOwner(userId),
    selectedVehicle: (userId) => garage.findSelected(userId),
    soatAlert: (userId, vehicleId) =>
      alerts.findAlertView(userId, vehicleId, 'ALERTA_SOAT', { kind: 'registry', keys: ['soat'] }),
    async picoPlaca(userId, vehicleId) {
      const vehicle = await pico.findVehicle(userId, vehicleId);
      if (!vehicle) throw new Error(`pico y placa: no vehicle ${vehicleId} of user ${userId}`);
      const code = vehicle.cityCode;
      return Promise.all([
        code === null ? undefined : pico.findCityRules(code),
        pico.findEmbedSlug(code),
        pico.findUrl(PICO_PLACA_BASE_URL_NAME),
      ]);
    },
    async slots(branchId, from, to) {
      const branch = await booking.findBranch(branchId);
      if (!branch) throw new Error(`slots: no branch ${branchId}`);
      await booking.slotOccupancy(branch.id, from, to, new Date());
      return booking.closedDates(branch.id, from, to);
    },
    myBookings: (userId) => booking.listByUser(userId),
    async fleetComplianceByState(companyId) {
      const today = bogotaLocalDateTime(new Date()).slice(0, 10);
      await compliance.rulesVersion();
      await compliance.groups(companyId, today, FLEET_COMPLIANCE_SOON_DAYS);
      let vehicles = 0;
      for await (const chunk of complianceVehicleChunks(compliance, companyId)) vehicles += chunk.length;
      return vehicles;
    },
    agenda: (branchId, fecha) => operator.agendaJson(branchId, fecha),
  };
}
