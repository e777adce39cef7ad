import { useQuery } from '@tanstack/react-query';
import { BOOKING_PATHS, combosResponseSchema } from '@togo/domain/booking/booking.contract';
import type { Combo, PeritajeFuel, PeritajeGroup } from '@togo/domain/booking/booking.contract';
import { envelope, parseOr, whPost } from './wh.ts';

/** POST wh/transversal/obtener-combo/ with parameters grupo and combustible → the combos of that choice. */
export async function fetchCombos(grupo: PeritajeGroup, combustible: PeritajeFuel): Promise<Combo[]> {
  const answer = await whPost<unknown>(BOOKING_PATHS.combos, envelope({ grupo, combustible }));
  return parseOr(combosResponseSchema, answer, [], 'Combos');
}

export const useCombos = (grupo: PeritajeGroup | null, combustible: PeritajeFuel | null) =>
  useQuery({
    queryKey: ['booking', 'combos', grupo, combustible],
    enabled: !!grupo && !!combustible,
    staleTime: 10 * 60_000,
    queryFn: () => fetchCombos(grupo as PeritajeGroup, combustible as PeritajeFuel),
  });
