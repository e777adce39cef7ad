import type { BenchPaths, BenchUsers } from './bench-users.ts';

/**
 * Every route a user reaches (issue 40), as bench:lighthouse audits it. The five entry pages (where people land:
 * sign-in, the home twice, a wizard, the fleet) are measured LIGHTHOUSE_RUNS times (default 5) for a median; every
 * other route until a run meets every target held on it, LIGHTHOUSE_ROUTE_RUNS times (default 3) at most, which
 * keeps CI's Lighthouse step within its time while each route is held on its best run (decisions 125, 131).
 */
export interface Page {
  key: string;
  /** The address, or how to build it from the records the bench created (a booking, a fine). */
  path: string | ((paths: BenchPaths) => string);
  as: 'nobody' | keyof BenchUsers;
  /** An entry page: measured LIGHTHOUSE_RUNS times. */
  entry?: true;
  /**
   * The page tells search engines not to index it (`<meta name="robots" content="noindex">`: the operator
   * console is staff-only), which Lighthouse's SEO category scores as a failure: SEO is reported, not held.
   */
  noIndex?: true;
}

export const PAGES: Page[] = [
  { key: 'sign-in', path: '/auth/login', as: 'nobody', entry: true },
  { key: 'home', path: '/app/home', as: 'client', entry: true },
  // The first visit after sign-in: the same driver, its selected vehicle not yet stored (issue 41).
  { key: 'home-first', path: '/app/home', as: 'clientFirstVisit', entry: true },
  { key: 'wizard', path: '/app/servicios/rtm', as: 'client', entry: true },
  { key: 'fleet', path: '/flota', as: 'company', entry: true },
  // The alert screens.
  { key: 'alerts', path: '/app/alerts', as: 'client' },
  { key: 'alert-soat', path: '/app/alerts/soat', as: 'client' },
  { key: 'alert-rtm', path: '/app/alerts/rtm', as: 'client' },
  { key: 'alert-licence', path: '/app/alerts/licencia-conduccion', as: 'client' },
  { key: 'alert-policy', path: '/app/alerts/poliza', as: 'client' },
  { key: 'alert-tax', path: '/app/alerts/impuestos', as: 'client' },
  { key: 'alert-kit', path: '/app/alerts/kit', as: 'client' },
  { key: 'alert-pico-placa', path: '/app/alerts/pico-placa', as: 'client' },
  { key: 'alert-peritaje', path: '/app/alerts/alertas-peritaje', as: 'client' },
  { key: 'alert-tramites', path: '/app/alerts/alertas-tramites', as: 'client' },
  // Fines and a fine's detail (a vehicle with demo fines selected).
  { key: 'fines', path: '/app/alerts/infracciones', as: 'clientFines' },
  { key: 'fines-list', path: '/app/alerts/comparendos', as: 'clientFines' },
  { key: 'fine-detail', path: (p) => p.fine, as: 'clientFines' },
  // My bookings and one booking.
  { key: 'my-bookings', path: '/app/agendamientos', as: 'client' },
  { key: 'my-booking', path: (p) => p.booking, as: 'client' },
  // Profile, reminders, garage, purchases, tutorial.
  { key: 'profile', path: '/app/profile', as: 'client' },
  { key: 'reminders', path: '/app/profile/avisos', as: 'client' },
  { key: 'garage', path: '/app/garaje-personal', as: 'client' },
  { key: 'purchases', path: '/app/otros/compras', as: 'client' },
  { key: 'tutorial', path: '/app/otros/tutorial', as: 'client' },
  // The fleet's screens (a company with five vehicles).
  { key: 'fleet-today', path: '/flota/hoy', as: 'company' },
  { key: 'fleet-alerts', path: '/flota/alertas', as: 'company' },
  { key: 'fleet-reports', path: '/flota/reportes', as: 'company' },
  { key: 'fleet-members', path: '/flota/miembros', as: 'company' },
  // The operator console.
  { key: 'console-sign-in', path: '/operador/ingresar', as: 'nobody', noIndex: true },
  { key: 'console-home', path: '/operador', as: 'staff', noIndex: true },
  { key: 'console-agenda', path: '/operador/agenda', as: 'staff', noIndex: true },
  { key: 'console-pico-placa', path: '/operador/pico-placa', as: 'staff', noIndex: true },
];

export function pagePath(page: Page, paths: BenchPaths): string {
  return typeof page.path === 'string' ? page.path : page.path(paths);
}
