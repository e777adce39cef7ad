import type { OrganisationRole } from '@togo/domain/organisation/organisation.contract';
import { isCompany } from '@togo/domain/roles';
import { getFleetMembership, getUserInfo } from '../../lib/storage.ts';

export interface FleetRole {
  role: OrganisationRole;
  /** Upload, edit, assign and remove: administrador and operador (the API answers 403 to consulta anyway). */
  canWrite: boolean;
  /** Members: administrador only. */
  isAdmin: boolean;
}

/**
 * The caller's role in the fleet area (issue 16): the membership stored after sign-in; a company account without
 * one is its own organisation's administrador. The UI hides what the role may not do; the API enforces it.
 */
export function fleetRole(): FleetRole {
  const role: OrganisationRole =
    getFleetMembership()?.rol ?? (isCompany(getUserInfo()?.ids_roles) ? 'administrador' : 'consulta');
  return { role, canWrite: role !== 'consulta', isAdmin: role === 'administrador' };
}

/** Why a consulta member sees no 'Añadir vehículos' (issue 37: hide it, and explain). */
export const CONSULTA_NOTE =
  'Tienes acceso de consulta: puedes ver la flota, sus alertas y reportes, pero no añadir ni cambiar vehículos.';

/** What /flota/upload says to a consulta member instead of the form. */
export const CONSULTA_UPLOAD_MESSAGE =
  'Con acceso de consulta no puedes añadir vehículos. Si necesitas cargar un archivo, pídeselo a un administrador u operador de tu empresa.';
