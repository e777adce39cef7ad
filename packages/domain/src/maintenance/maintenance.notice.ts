import { MAINTENANCE_TYPE_LABEL, type MaintenanceType } from './maintenance.catalogue.ts';

/** The service-reminder notice (issue 39, decision 075): code, icon, link and Spanish texts. Pure. */

/** notifications.code prefix; the delivery maps it to the preference kind `mantenimiento`. */
export const MAINTENANCE_NOTICE_PREFIX = 'MANTENIMIENTO_';
export const MAINTENANCE_NOTICE_ICON = '/static/notifications/mantenimiento.svg';

export const maintenanceNoticeCode = (tipo: MaintenanceType): string =>
  `${MAINTENANCE_NOTICE_PREFIX}${tipo.toUpperCase()}`;

/** The vehicle's maintenance screen: the driver's, or the fleet's for a company's vehicle. */
export const maintenanceScreenPath = (vehicleId: number, company: boolean): string =>
  company ? `/flota/vehiculo/${vehicleId}/mantenimiento` : `/app/vehiculo/${vehicleId}/mantenimiento`;

const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
const dayMonthYear = (iso: string) => iso.split('-').reverse().join('-');

/** 'a los 45.000 km o el 01-12-2026, lo que llegue primero' (whichever the reminder has). */
export function whenDue(proximoKm: number | null, proximaFecha: string | null): string {
  const km = proximoKm === null ? null : `a los ${thousands(proximoKm)} km`;
  const date = proximaFecha === null ? null : `el ${dayMonthYear(proximaFecha)}`;
  if (km && date) return `${km} o ${date}, lo que llegue primero`;
  return km ?? date ?? '';
}

export function maintenanceNoticeTexts(n: {
  tipo: MaintenanceType;
  placa: string;
  estado: 'pronto' | 'vencido';
  proximoKm: number | null;
  proximaFecha: string | null;
}): { titulo: string; message: string } {
  const name = MAINTENANCE_TYPE_LABEL[n.tipo];
  const due = whenDue(n.proximoKm, n.proximaFecha);
  if (n.estado === 'pronto') {
    return {
      titulo: `${name} de ${n.placa}: se acerca`,
      message: `A tu vehículo ${n.placa} le toca ${name.toLowerCase()} ${due}. Prográmalo con tiempo y regístralo en TOGO cuando lo hagas.`,
    };
  }
  return {
    titulo: `${name} de ${n.placa}: vencido`,
    message: `A tu vehículo ${n.placa} ya le tocaba ${name.toLowerCase()} (${due}). Regístralo en TOGO cuando lo hagas para volver a contar.`,
  };
}
