import { ORGANISATION_MSG } from '@togo/domain/organisation/organisation.contract';
import { GROUP_COMPANY } from '@togo/domain/roles';
import { AppError } from '../../http/app-error.ts';
import type { OrgResolver } from '../../http/org-access.ts';
import type { MaintenanceRepository, VehicleRow } from './maintenance.repository.ts';

/** What the caller wants to do with a vehicle's maintenance: see it, or change it. */
export type MaintenanceNeed = 'read' | 'write';

export interface Caller {
  id: number;
  groupId: number;
}

/**
 * Who may see and change a vehicle's maintenance (decision 075): its owner; for a company's vehicle, every member
 * of the company's organisation reads and administrador/operador write (consulta: 403), as on the fleet routes
 * (decision 026, membership read on every request). Anyone else gets 404, as if the vehicle did not exist.
 */
export class MaintenanceAccess {
  constructor(
    private readonly repo: Pick<MaintenanceRepository, 'findVehicle'>,
    private readonly orgOf: OrgResolver,
  ) {}

  async vehicle(caller: Caller, vehicleId: number, need: MaintenanceNeed): Promise<VehicleRow> {
    const vehicle = await this.repo.findVehicle(vehicleId);
    if (!vehicle) throw AppError.notFound();
    if (vehicle.userId === caller.id) return vehicle;
    if (vehicle.ownerGroupId !== GROUP_COMPANY) throw AppError.notFound();
    const access = await this.orgOf(caller);
    if (!access || access.organisationId !== vehicle.userId) throw AppError.notFound();
    if (need === 'write' && access.role === 'consulta') throw AppError.forbidden(ORGANISATION_MSG.readOnly);
    return vehicle;
  }
}
