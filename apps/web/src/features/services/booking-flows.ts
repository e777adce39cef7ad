import type { PeritajeGroup } from '@togo/domain/booking/booking.contract';

/** The three booking flows and their back rules (SPPF §4). Pure: the screens call these. */

export const SERVICES_HOME = '/app/servicios';

export const RTM_STEPS = ['info', 'ubicacion', 'detalle', 'agenda', 'horario', 'resumen'] as const;
export type RtmStep = (typeof RTM_STEPS)[number];

export const PERITAJE_STEPS = [
  'servicio',
  'combustible',
  'formulario',
  'combos',
  'detalle',
  'ubicacion',
  'agenda',
  'horario',
  'resumen',
] as const;
export type PeritajeStep = (typeof PERITAJE_STEPS)[number];

export const TRAMITE_STEPS = ['tipo', 'detalle', 'ubicacion', 'agenda', 'horario', 'resumen'] as const;
export type TramiteStep = (typeof TRAMITE_STEPS)[number];

/** The PERITAJES_TOGO catalogue's claves (the alerts' service cards) → the peritaje group they open. */
const PERITAJE_GROUP_BY_CLAVE: Readonly<Record<string, PeritajeGroup>> = {
  PERITAJE_LIVIANOS: 'Livianos',
  PERITAJE_MOTOCICLETAS: 'Motocicletas',
  PERITAJE_A_DOMICILIO: 'A Domicilio',
};

/** The `{ clave }` an alerts service card navigates with (navigation state is untyped: anything may come). */
export function navigationClave(state: unknown): string | null {
  const clave = state && typeof state === 'object' && 'clave' in state ? state.clave : null;
  return typeof clave === 'string' ? clave : null;
}

/** The group a card's clave preselects, if it names one. */
export function peritajeGroupForClave(state: unknown): PeritajeGroup | null {
  const clave = navigationClave(state);
  return clave ? (PERITAJE_GROUP_BY_CLAVE[clave] ?? null) : null;
}

/** Where a back press goes: another step of the flow, or out of it to a path. */
export type BackTarget<S extends string> = { step: S } | { leave: string };

function previous<S extends string>(steps: readonly S[], step: S): BackTarget<S> {
  const index = steps.indexOf(step);
  const before = index > 0 ? steps[index - 1] : undefined;
  return before ? { step: before } : { leave: SERVICES_HOME };
}

/** RTM: back goes to the previous step; from info it leaves to app/servicios. */
export const rtmBack = (step: RtmStep): BackTarget<RtmStep> => previous(RTM_STEPS, step);

/** Trámites: back reverses one step; from the first step it leaves to the services home. */
export const tramiteBack = (step: TramiteStep): BackTarget<TramiteStep> => previous(TRAMITE_STEPS, step);

/**
 * Peritaje: previous step, except that for home service ('A Domicilio') back from formulario goes to
 * combustible and back from agenda goes to detalle (there is no branch to choose), otherwise to ubicacion.
 */
export function peritajeBack(step: PeritajeStep, home: boolean): BackTarget<PeritajeStep> {
  if (step === 'formulario') return { step: 'combustible' };
  if (step === 'agenda') return { step: home ? 'detalle' : 'ubicacion' };
  return previous(PERITAJE_STEPS, step);
}

/** Peritaje, forward from detalle: home service skips the branch choice. */
export const peritajeAfterDetail = (home: boolean): PeritajeStep => (home ? 'agenda' : 'ubicacion');
