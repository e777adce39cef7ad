import type {
  Branch,
  BranchesResponse,
  CitiesResponse,
  Combo,
  FromFlow,
  OpeningHours,
  PeritajeFuel,
  PeritajeGroup,
  TramitesResponse,
} from '@togo/domain/booking/booking.contract';
import { bogotaToday } from '@togo/domain/bogota-time';
import { addDays } from '@togo/domain/booking/booking.rules';
import type { BookingRepository, BranchRow } from './booking.repository.ts';

/** The booking catalogue (SPPF §7): cities, branches, peritaje combos and trámites on offer. */

const CITY_PROMPT: Record<FromFlow, string> = {
  rtm: 'Selecciona la ciudad donde quieres hacer tu revisión técnico-mecánica',
  peritaje: 'Selecciona la ciudad donde quieres hacer tu peritaje',
  tramites: 'Selecciona la ciudad donde quieres hacer tu trámite',
};

export async function cities(repo: BookingRepository, fromFlow: FromFlow): Promise<CitiesResponse> {
  const list = await repo.citiesWithBranches(fromFlow);
  return {
    fulfillmentResponse: {
      messages: [
        { text: { text: [CITY_PROMPT[fromFlow]] } },
        {
          payload: {
            richContent: [
              [{ type: 'chips', options: list.map((c) => ({ text: c.name, value: String(c.id) })) }],
            ],
          },
        },
      ],
    },
  };
}

export function toBranch(row: BranchRow): Branch {
  return {
    id: row.id,
    nombre: row.nombre,
    text: row.aDomicilio ? row.nombre : `${row.nombre} - ${row.direccion}`,
    direccion: row.direccion,
    imagen: row.imagen,
    lat: row.lat,
    lng: row.lng,
    ciudad_sb: row.cityName,
    ciudad_codigo: String(row.cityId).padStart(5, '0'),
    telefono: row.telefono,
    maps: row.maps,
    horario: row.horario as OpeningHours,
    capacidad: row.capacidad,
    a_domicilio: row.aDomicilio,
  };
}

/** How far ahead a branch's closures are listed: the booking calendar's 13 months. */
const CLOSURES_AHEAD_DAYS = 400;

/** The city's branches for a service, each with its upcoming closures (the date strip disables those days). */
export async function branches(
  repo: BookingRepository,
  ciudad: string,
  fromFlow: FromFlow,
  now: Date,
): Promise<BranchesResponse> {
  const city = await repo.findCity(ciudad);
  if (!city) return [];
  const today = bogotaToday(now);
  const until = addDays(today, CLOSURES_AHEAD_DAYS);
  const rows = await repo.branchesByCity(city.id, fromFlow);
  const closures = await repo.closedDatesOf(
    rows.map((b) => b.id),
    today,
    until,
  );
  return rows.map((b) => ({ ...toBranch(b), cierres: closures.get(b.id) ?? [] }));
}

export async function combos(
  repo: BookingRepository,
  filter: { nombreContains?: string | undefined; grupo?: string; combustible?: string },
) {
  const rows = await repo.combos(filter);
  const fold = (v: string) =>
    v
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const needle = filter.nombreContains ? fold(filter.nombreContains) : null;
  return rows
    .filter((c) => !needle || fold(c.text).includes(needle))
    .map((c): Combo => ({
      id: c.id,
      text: c.text,
      short_name: c.shortName,
      price: c.precio,
      sede: c.proveedor,
      grupo: c.grupo as PeritajeGroup,
      combustible: c.combustible as PeritajeFuel,
      tasks: c.tasks as string[],
    }));
}

export async function tramitesOptions(repo: BookingRepository): Promise<TramitesResponse> {
  const list = await repo.tramites();
  return {
    fulfillmentResponse: {
      messages: [
        {
          text: {
            text: ['Selecciona los trámites que necesitas: puedes agendar varios en una sola cita.'],
          },
        },
        {
          payload: {
            richContent: [
              [
                {
                  type: 'chips',
                  options: list.map((t) => ({
                    value: t.id,
                    text: t.nombre,
                    price: t.precio,
                    description: t.descripcion,
                    icon: t.icono,
                  })),
                },
              ],
            ],
          },
        },
      ],
    },
  };
}
