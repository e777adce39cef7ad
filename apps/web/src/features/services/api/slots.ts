import type { FromFlow, SlotsRequest } from '@togo/domain/booking/booking.contract';
import { BOOKING_PATHS, slotsResponseSchema } from '@togo/domain/booking/booking.contract';
import { apiPost } from '../../../lib/api-client.ts';
import { parseOr } from './wh.ts';
import type { HourSlot } from '../slots.ts';

export interface SlotsQuery {
  flow: FromFlow;
  /** Branch id. */
  sede: string;
  /** Peritaje: combo id; trámites: trámite id. */
  servicio?: string;
  /** 'YYYY-MM-DD'. */
  date: string;
}

/**
 * POST wh/transversal/ejecutar-accion/?accion=obtener_horarios_disponibles, body {sede, servicio,
 * fecha_agenda_desde, fecha_agenda_hasta, from_flow} → `[0].slots` of that one day.
 */
export async function fetchSlots({ flow, sede, servicio, date }: SlotsQuery): Promise<HourSlot[]> {
  const body: SlotsRequest = {
    sede,
    ...(servicio ? { servicio } : {}),
    fecha_agenda_desde: date,
    fecha_agenda_hasta: date,
    from_flow: flow,
  };
  const answer = parseOr(
    slotsResponseSchema,
    await apiPost<unknown>(BOOKING_PATHS.slots, body),
    [],
    'Horarios',
  );
  const slots = answer[0]?.slots ?? [];
  return slots.map((slot) => ({ id: slot.id, bloque: slot.bloque }));
}
