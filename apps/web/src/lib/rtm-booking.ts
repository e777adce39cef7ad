/**
 * 'Agendar RTM' from outside the RTM wizard (an alert, a notification, the fleet's Próximos servicios) opens
 * app/servicios/rtm with this navigation state. Shared by the features that open the wizard and the wizard
 * itself (a feature may not import another one); no zod here, so the alerts' and the fleet's chunks stay
 * without it (the wizard validates with features/services/booking-vehicle.ts). Decision 040.
 */
export const AGENDAR_RTM = 'AGENDAR_RTM';

/**
 * A vehicle booked that is not the driver's selected vehicle: a company's vehicle booked from the fleet console.
 * It travels in the navigation state and then in the wizard's own saved state, so localStorage
 * 'vehicleSelected' (the driver's own choice) is never replaced.
 */
export interface RtmBookingVehicle {
  id: number;
  placa: string;
  /** DANE code of the vehicle's city, with its name: the branch list opens in that city. */
  city?: number;
  city_data?: { name: string };
  /** Whose vehicle it is: 'flota' = a company's vehicle (its RTM alert is the fleet's, not the driver's). */
  origen: 'flota';
  /** The RTM due date the fleet knows ('YYYY-MM-DD'), shown on the wizard's first step. */
  rtm_vence?: string | null;
}

export interface AgendarRtmState {
  clave: typeof AGENDAR_RTM;
  vehiculo?: RtmBookingVehicle;
}

/** The navigation state of 'Agendar RTM': for the selected vehicle, or for the vehicle given. */
export function agendarRtmState(vehiculo?: RtmBookingVehicle): AgendarRtmState {
  return vehiculo ? { clave: AGENDAR_RTM, vehiculo } : { clave: AGENDAR_RTM };
}
