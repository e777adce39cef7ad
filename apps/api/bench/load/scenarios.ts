/**
 * The read routes of bench:load, as the screens ask them, and the two ways they run: once each to check that the
 * scenario is right (200 from both instances), and under autocannon with half the connections on A and half on
 * B, each request rotating over the users. Every answer's latency is recorded (the 'response' and 'reqError'
 * events), never read back from autocannon's histogram.
 */
import autocannon from 'autocannon';
import { BOOKING_PATHS } from '@togo/domain/booking/booking.contract';
import { FLEET_COMPLIANCE_PATHS } from '@togo/domain/fleet/fleet-compliance.contract';
import type { RouteSql } from './route-sql.ts';
import { BRANCH, type LoadWorld } from './setup.ts';
import { record, type RouteSamples } from './stats.ts';

interface RouteRequest {
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ReadRoute {
  name: string;
  method: 'GET' | 'POST';
  /** The n-th request of the route (n rotates over the users). */
  request(n: number): RouteRequest;
  /** The SQL the route runs for its n-th request (the same user), bare (bench:load's bare-SQL table). */
  bare(sql: RouteSql, n: number): Promise<unknown>;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** The read routes, on `fecha` (a service day of the branch). */
export function readRoutes(world: LoadWorld, fecha: string): ReadRoute[] {
  const { drivers, companies, staffHeaders } = world;
  const driver = (n: number) => drivers[n % drivers.length] as (typeof drivers)[number];
  const company = (n: number) => companies[n % companies.length] as (typeof companies)[number];
  type DriverOf = ReturnType<typeof driver>;
  const asDriver = (
    name: string,
    path: (d: DriverOf) => string,
    bare: (sql: RouteSql, d: DriverOf) => Promise<unknown>,
  ): ReadRoute => ({
    name,
    method: 'GET',
    request: (n) => ({ path: path(driver(n)), headers: driver(n).headers }),
    bare: (sql, n) => bare(sql, driver(n)),
  });
  const slotsBody = JSON.stringify({
    sede: BRANCH,
    fecha_agenda_desde: fecha,
    fecha_agenda_hasta: fecha,
    from_flow: 'tramites',
  });
  return [
    asDriver(
      'home (user_garages)',
      () => '/api/togo/vehicle/user_garages/',
      (sql, d) => sql.userGarages(d.id),
    ),
    asDriver(
      'selected vehicle',
      () => '/api/togo/vehicle/get_garaje_selected/',
      (sql, d) => sql.selectedVehicle(d.id),
    ),
    asDriver(
      'alerts (SOAT)',
      (d) => `/api/togo/alerta/get_alerta/?id_garaje=${d.vehicleId}&code=ALERTA_SOAT`,
      (sql, d) => sql.soatAlert(d.id, d.vehicleId),
    ),
    asDriver(
      'pico y placa',
      (d) => `/api/togo/pico-placa/?id_garaje=${d.vehicleId}`,
      (sql, d) => sql.picoPlaca(d.id, d.vehicleId),
    ),
    {
      name: 'slots (POST)',
      method: 'POST',
      request: (n) => ({
        path: BOOKING_PATHS.slots,
        headers: { ...driver(n).headers, ...JSON_HEADERS },
        body: slotsBody,
      }),
      bare: (sql) => sql.slots(BRANCH, fecha, fecha),
    },
    asDriver(
      'my bookings',
      () => BOOKING_PATHS.myBookings,
      (sql, d) => sql.myBookings(d.id),
    ),
    {
      name: 'fleet compliance',
      method: 'GET',
      request: (n) => ({
        path: `${FLEET_COMPLIANCE_PATHS.grid}?estado=atencion&page=1&page_size=50`,
        headers: company(n).headers,
      }),
      bare: (sql, n) => sql.fleetComplianceByState(company(n).id),
    },
    {
      name: 'operator agenda',
      method: 'GET',
      request: () => ({
        path: `/api/operador/agenda/?sede=${BRANCH}&fecha=${fecha}`,
        headers: staffHeaders,
      }),
      bare: (sql) => sql.agenda(BRANCH, fecha),
    },
  ];
}

/** Calls each route once on each instance; prints the answer of any that is not 200 and answers false. */
export async function checkRoutes(routes: ReadRoute[], bases: string[]): Promise<boolean> {
  let ok = true;
  for (const route of routes) {
    let routeOk = true;
    for (const [i, base] of bases.entries()) {
      const req = route.request(i);
      const res = await fetch(`${base}${req.path}`, {
        method: route.method,
        headers: req.headers,
        ...(req.body ? { body: req.body } : {}),
      });
      const text = await res.text();
      if (res.status !== 200) {
        routeOk = false;
        console.error(
          `  ✗ ${route.name}: ${route.method} ${req.path} → ${res.status}\n${text.slice(0, 1000)}`,
        );
      }
    }
    if (routeOk) console.log(`  ✓ ${route.name}`);
    ok &&= routeOk;
  }
  return ok;
}

/**
 * Runs one route under autocannon: `connections` spread over `bases` in turn, for `duration` seconds or
 * `amount` requests, every answer recorded in `samples`. With `overallRate`, at most that many requests per
 * second in all (autocannon gives each connection its share, sent as answers come from the start of each of
 * its seconds); the latency recorded is from sending to the answer, so a request the rate limit or a busy
 * connection held back does not count its wait (coordinated omission: see search.ts).
 */
export async function runRoute(
  route: ReadRoute,
  bases: string[],
  opts: { connections: number; duration?: number; amount?: number; overallRate?: number },
  samples: RouteSamples,
): Promise<void> {
  let n = 0;
  const instance = autocannon({
    url: bases.map((b) => `${b}/`),
    connections: opts.connections,
    ...(opts.duration ? { duration: opts.duration } : {}),
    ...(opts.amount ? { amount: opts.amount } : {}),
    ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
    timeout: 10,
    requests: [
      {
        method: route.method,
        setupRequest: (req) => {
          const next = route.request(n);
          n += 1;
          return {
            ...req,
            method: route.method,
            path: next.path,
            headers: { ...req.headers, ...next.headers },
            ...(next.body ? { body: next.body } : {}),
          };
        },
      },
    ],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) =>
    record(samples, statusCode, responseTime),
  );
  instance.on('reqError', () => record(samples, 0, 0));
  await instance;
}
