import type { z } from 'zod';
import type { slotsRequestSchema } from '@togo/domain/booking/booking.contract';
import type { OpeningHours, SlotsResponse } from '@togo/domain/booking/booking.contract';
import { addDays, slotBlock, slotHoursFor, slotLabel, slotTime } from '@togo/domain/booking/booking.rules';
import { branchFor } from './booking-quotes.ts';
import type { BookingDeps } from './booking.deps.ts';

type SlotsBody = z.output<typeof slotsRequestSchema>;

/** Free hours per date of the range: generated hours minus occupied seats (confirmed plus live holds). */
export async function slots(
  deps: Pick<BookingDeps, 'repo' | 'clock'>,
  body: SlotsBody,
): Promise<SlotsResponse> {
  const { repo } = deps;
  const branch = await branchFor(repo, body.sede, body.from_flow);
  const now = deps.clock.now();
  const occupancy = await repo.slotOccupancy(
    branch.id,
    body.fecha_agenda_desde,
    body.fecha_agenda_hasta,
    now,
  );
  const byKey = new Map(occupancy.map((o) => [`${o.fecha}|${o.hora}`, o]));
  const closed = new Set(await repo.closedDates(branch.id, body.fecha_agenda_desde, body.fecha_agenda_hasta));
  const out: SlotsResponse = [];
  for (let date = body.fecha_agenda_desde; date <= body.fecha_agenda_hasta; date = addDays(date, 1)) {
    const hours = closed.has(date)
      ? []
      : slotHoursFor({ date, now, openingHours: branch.horario as OpeningHours });
    const slots = [];
    for (const hour of hours) {
      const o = byKey.get(`${date}|${hour}`);
      const free = (o?.capacity ?? branch.capacidad) - (o?.ocupados ?? 0);
      if (free > 0)
        slots.push({
          id: slotLabel(hour),
          hora: slotTime(hour),
          bloque: slotBlock(hour),
          disponibles: free,
        });
    }
    out.push({ fecha: date, slots });
  }
  return out;
}
