import type { z } from 'zod';
import type {
  tramitesBookRequestSchema,
  tramitesBranchDetailRequestSchema,
} from '@togo/domain/booking/booking.contract';
import { BOOKING_MSG } from '@togo/domain/booking/booking.contract';
import { AppError } from '../../http/app-error.ts';
import { bookingPrologue, both, type BookResult } from './booking-answers.ts';
import { branchFor, detailParameters, vehicleClass } from './booking-branch.ts';
import { placeBooking } from './booking-placement.ts';
import type { BookingDeps } from './booking.deps.ts';
import type { BookingRepository } from './booking.repository.ts';

/** The trámites flow: several trámites in one appointment, priced line by line, and its booking. */

type TramitesDetailBody = z.output<typeof tramitesBranchDetailRequestSchema>;
type TramitesBookParams = z.output<typeof tramitesBookRequestSchema>['sessionInfo']['parameters'];

async function tramitesQuote(repo: BookingRepository, ids: string[]) {
  const rows = await repo.tramites(ids);
  if (rows.length !== ids.length) throw AppError.field('tramite', BOOKING_MSG.tramiteNotFound);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lines = ids.map((id) => {
    const t = byId.get(id);
    if (!t) throw AppError.field('tramite', BOOKING_MSG.tramiteNotFound);
    return { id: t.id, text: t.nombre, price: t.precio };
  });
  return { lines, total: lines.reduce((sum, l) => sum + l.price, 0) };
}

export async function tramitesDetail(deps: BookingDeps, userId: number, body: TramitesDetailBody) {
  const branch = await branchFor(deps.repo, body.sede, 'tramites');
  const { lines, total } = await tramitesQuote(deps.repo, body.tramite);
  const { clase } = await vehicleClass(deps.repo, userId, body.placa);
  return both({ ...detailParameters(branch, body.placa, clase, total), tramites: lines });
}

export async function bookTramites(
  deps: BookingDeps,
  userId: number,
  p: TramitesBookParams,
  idempotencyKey: string | null,
): Promise<BookResult> {
  const base = await bookingPrologue(deps, 'tramites', userId, p, idempotencyKey);
  const { lines, total } = await tramitesQuote(deps.repo, p.tramite);
  const { clase } = await vehicleClass(deps.repo, userId, p.placa);
  return placeBooking(deps, {
    ...base,
    tipoVehiculo: clase,
    tipoAtencion: 'presencial',
    precio: total,
    detalle: lines.map((l) => l.text),
    datos: {
      tramites: lines,
      celular: p.celular ?? null,
      tipo_identificacion: p.tipo_identificacion ?? null,
      numero_identificacion: p.numero_identificacion ?? null,
      nombre: p.nombre ?? null,
      cliente: p.cliente ?? null,
      promocion: p.promocion,
    },
    direccionServicio: null,
    correo: p.correo ?? null,
  });
}
