import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BOOKING_PATHS,
  branchesResponseSchema,
  slotsResponseSchema,
  type BranchesRequest,
  type SlotsRequest,
} from '@togo/domain/booking/booking.contract';
import {
  FLEET_BULK_BOOKING_PATH,
  fleetBulkBookingResponseSchema,
  type FleetBulkBookingRequest,
} from '@togo/domain/fleet/fleet-bulk-booking.contract';
import { FLEET_PICO_PLACA_PATH, fleetPicoPlacaSchema } from '@togo/domain/fleet/fleet-pico-placa.contract';
import { apiParse } from '../../../lib/api-client.ts';
import { logFailure } from '../../../lib/log-failure.ts';

/** An hour of a branch with the seats left, as the booking's slots call answers it. */
export interface FreeHour {
  franja: string;
  disponibles: number;
}

/** The RTM branches of a city (DANE code): the booking feature's public call. */
export function useRtmBranchesQuery(ciudad: string | null) {
  return useQuery({
    queryKey: ['fleet', 'rtm-branches', ciudad],
    enabled: ciudad !== null,
    staleTime: 5 * 60_000,
    queryFn: () =>
      logFailure('No se pudo consultar las sedes', async () => {
        const body: BranchesRequest = { ciudad: ciudad as string, from_flow: 'rtm' };
        return apiParse(branchesResponseSchema, BOOKING_PATHS.branchesByCity, { method: 'POST', body });
      }),
  });
}

/** The free hours of one branch on one date, with the seats left in each. */
export function useFreeHoursQuery(sede: string | null, fecha: string | null) {
  return useQuery({
    queryKey: ['fleet', 'free-hours', sede, fecha],
    enabled: sede !== null && fecha !== null,
    queryFn: () =>
      logFailure('No se pudo consultar los horarios', async (): Promise<FreeHour[]> => {
        const body: SlotsRequest = {
          sede: sede as string,
          fecha_agenda_desde: fecha as string,
          fecha_agenda_hasta: fecha as string,
          from_flow: 'rtm',
        };
        const answer = await apiParse(slotsResponseSchema, BOOKING_PATHS.slots, { method: 'POST', body });
        const slots = answer[0]?.slots ?? [];
        return slots.map((s) => ({ franja: s.id, disponibles: s.disponibles }));
      }),
  });
}

/**
 * Pico y placa of the plates in the branch's city on the booking's date (issue 37), so the panel warns before a
 * vehicle is booked at an hour it may not drive to the branch.
 */
export function usePicoPlacaQuery(ciudad: string | null, fecha: string | null, placas: readonly string[]) {
  const list = placas.join(',');
  return useQuery({
    queryKey: ['fleet', 'pico-placa', ciudad, fecha, list],
    enabled: ciudad !== null && fecha !== null && placas.length > 0,
    staleTime: 5 * 60_000,
    queryFn: () =>
      logFailure('No se pudo consultar el pico y placa', () => {
        const query = new URLSearchParams({ fecha: fecha as string, ciudad: ciudad as string, placas: list });
        return apiParse(fleetPicoPlacaSchema, `${FLEET_PICO_PLACA_PATH}?${query.toString()}`);
      }),
  });
}

/** POST /api/togo/flota/agendamientos/ → 201 every booking, or nothing at all. */
export function useBulkBookingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FleetBulkBookingRequest) =>
      apiParse(fleetBulkBookingResponseSchema, FLEET_BULK_BOOKING_PATH, { method: 'POST', body }),
    // The fleet's bookings (and 'Próximos servicios', which marks booked vehicles) are read again.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['fleet', 'bookings'] }),
  });
}

/**
 * Consecutive free hours for `count` vehicles: the earliest hours first, as many vehicles per hour as it has
 * seats left. Vehicles beyond the day's seats get ''.
 */
export function consecutiveHours(hours: readonly FreeHour[], count: number): string[] {
  const out: string[] = [];
  for (const h of hours) {
    for (let seat = 0; seat < h.disponibles && out.length < count; seat++) out.push(h.franja);
  }
  while (out.length < count) out.push('');
  return out;
}
