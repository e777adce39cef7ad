import type { FleetAlert } from '@togo/domain/fleet/fleet-alerts.contract';
import type { RtmBookingVehicle } from '../../lib/rtm-booking.ts';

/**
 * The RTM booking wizard (app/servicios/rtm) opened already filled in, as from a driver's alert: the fleet
 * vehicle travels in the navigation state ({ clave: 'AGENDAR_RTM', vehiculo }) and the flow opens at the branch
 * list of its city. The driver's own selected vehicle (localStorage) is left as it is (decision 040).
 */
export function rtmBookingVehicle(a: FleetAlert): RtmBookingVehicle {
  const code = a.ciudad_codigo === null ? NaN : Number(a.ciudad_codigo);
  return {
    id: a.vehiculo_id,
    placa: a.placa,
    origen: 'flota',
    rtm_vence: a.vence,
    ...(Number.isInteger(code) && code > 0 && a.ciudad ? { city: code, city_data: { name: a.ciudad } } : {}),
  };
}
