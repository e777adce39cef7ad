import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as alerts from '@togo/domain/alerts/alerts.contract';
import * as auth from '@togo/domain/auth/auth.contract';
import * as booking from '@togo/domain/booking/booking.contract';
import * as catalog from '@togo/domain/catalog/catalog.contract';
import * as fleet from '@togo/domain/fleet/fleet.contract';
import * as garage from '@togo/domain/garage/garage.contract';
import * as picoPlaca from '@togo/domain/pico-placa/pico-placa.contract';
import * as picoPlacaReport from '@togo/domain/pico-placa/pico-placa-report.contract';
import * as profile from '@togo/domain/profile/profile.contract';
import * as reference from '@togo/domain/reference/reference.contract';
import { INPUT_MSG } from '@togo/domain/input-limits';
import type { z } from 'zod';
import { MONDAY_7AM, insertGarageVehicle } from '../features/booking/booking.test-support.ts';
import { createCompanyUser } from '../features/fleet/fleet.test-support.ts';
import { createSignedInUser, type TestUser } from '../features/garage/garage.test-support.ts';
import { ManualClock } from '../lib/clock.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import {
  type AppRoute,
  fillParams,
  listRoutes,
  mergeSamples,
  queryString,
  sampleOf,
  type Leaves,
} from '../test/input-sweep.ts';

/**
 * Decision 018, the sweep: every route of the app, found in Fastify's route table, gets a NUL character in its
 * path parameters, query string and body (every field of every request contract), and out-of-range integers in
 * the same places, signed in as a client and as a company. NUL is a 400 everywhere; nothing is ever a 5xx.
 * Run on PGlite by `npm test` and on PostgreSQL in CI (DATABASE_URL), whose reactions to NUL differ.
 */

/** Every contract a route parses a request with (see the parse() calls in the routes). */
const INPUT_SCHEMAS: z.ZodType[] = [
  auth.loginRequestSchema,
  auth.validateUsernameSchema,
  auth.signupRequestSchema,
  auth.otpRequestSchema,
  auth.otpVerifySchema,
  auth.resetPasswordSchema,
  auth.socialLoginSchema,
  auth.userTypeChangeSchema,
  auth.logoutSchema,
  profile.profileEmailChangeSchema,
  profile.profileNameChangeSchema,
  garage.vehicleCreateSchema,
  fleet.fleetListQuerySchema,
  fleet.fleetErrorsQuerySchema,
  fleet.fleetDriverAssignSchema,
  alerts.alertQuerySchema,
  alerts.saveAlertSchema,
  alerts.notificationListQuerySchema,
  alerts.pushSubscriptionSchema,
  alerts.pushUnsubscribeSchema,
  catalog.catalogQuerySchema,
  catalog.urlQuerySchema,
  reference.departmentsQuerySchema,
  reference.citiesQuerySchema,
  picoPlaca.picoPlacaQuerySchema,
  picoPlacaReport.picoPlacaReportBodySchema,
  picoPlacaReport.picoPlacaReportListQuerySchema,
  booking.brandingRequestSchema,
  booking.citiesRequestSchema,
  booking.branchesRequestSchema,
  booking.rtmBranchDetailRequestSchema,
  booking.peritajeBranchDetailRequestSchema,
  booking.tramitesBranchDetailRequestSchema,
  booking.slotsRequestSchema,
  booking.rtmBookRequestSchema,
  booking.tramitesBookRequestSchema,
  booking.peritajeBookRequestSchema,
  booking.combosQuerySchema,
  booking.combosRequestSchema,
  booking.tramitesRequestSchema,
];

/** Fields read outside the contracts: the dev outbox, file links, payments, the booking action. */
const EXTRA_FIELDS = (leaves: Leaves) => ({
  to: leaves.text,
  exp: leaves.number,
  sig: leaves.text,
  accion: leaves.text,
  reference: leaves.text,
  id: leaves.number,
});

function requestSample(leaves: Leaves): Record<string, unknown> {
  return mergeSamples([...INPUT_SCHEMAS.map((s) => sampleOf(s, leaves)), EXTRA_FIELDS(leaves)]) as Record<
    string,
    unknown
  >;
}

const NUL = 'a\u0000b';
const OUT_OF_RANGE = [32_768, -32_769, 2_147_483_648, -2_147_483_649, 99_999_999_999, 1e20];

let t: TestContext;
let client: TestUser;
let company: TestUser;
let routes: AppRoute[];

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock(new Date(MONDAY_7AM)) });
  client = await createSignedInUser(t);
  company = await createCompanyUser(t);
  await insertGarageVehicle(t.database, client.id, 'ABC123');
  routes = listRoutes(t.app);
});

afterAll(async () => {
  await t?.close();
});

const hasBody = (method: string) => method !== 'GET' && method !== 'DELETE';

async function send(
  route: AppRoute,
  opts: { param: string; query?: string; body?: unknown; user: TestUser },
) {
  const url = fillParams(route.url, opts.param) + (opts.query ? `?${opts.query}` : '');
  const res = await t.app.inject({
    method: route.method as 'GET',
    url,
    headers: opts.user.headers,
    ...(hasBody(route.method) && opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
  return { url, status: res.statusCode, body: res.body };
}

describe('the route table', () => {
  it('lists the routes the sweep needs, with their parameters', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'POST /api/orquestador/auth/',
      'POST /api/identidad/usuarios/signup/',
      'POST /api/identidad/usuarios/resetear-clave/',
      'POST /api/identidad/usuarios/verificar-codigo-otp/',
      'POST /api/togo/vehicle/',
      'PATCH /api/users-admin-manager/:id/',
      'POST /wh/agendamiento/agenda/',
      'PUT /api/togo/vehicle/:id/conductor_flota/',
      'GET /api/togo/vehicle/traer_vehiculos_flota',
      'GET /api/dev/outbox',
    ]) {
      expect(names).toContain(expected);
    }
    expect(routes.length).toBeGreaterThan(50);
  });
});

describe('NUL characters, every route', () => {
  it('a NUL in a path parameter, the query string or any body field is a 400 naming the field', async () => {
    const sample = requestSample({ text: NUL, number: NUL });
    const query = queryString(sample);
    const failures: string[] = [];
    for (const route of routes) {
      const probes = [
        ...(route.url.includes(':') ? [{ param: NUL }] : []),
        { param: '1', query },
        ...(hasBody(route.method) ? [{ param: '1', body: sample }] : []),
      ];
      for (const probe of probes) {
        const res = await send(route, { ...probe, user: client });
        if (res.status !== 400 || !res.body.includes(INPUT_MSG.invalidCharacters)) {
          failures.push(`${route.method} ${res.url} → ${res.status} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('a NUL in the query string names the parameter (the dev outbox ?to=)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=ana%00@correo.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ to: [INPUT_MSG.invalidCharacters] });
  });

  it('a NUL in a path no route names (the static catch-all) is a 400 too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app/a%00b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'La dirección contiene caracteres no válidos.' });
  });

  it('a NUL in a header (the session token) is a 400 before any look-up', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/togo/vehicle/user_garages/',
      headers: { authorization: `Token ${client.token}\u0000` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('authorization');
  });
});

describe('out-of-range integers, every route', () => {
  // One test per value, each with its own time budget: the sweep covers every route twice per user.
  it.each(OUT_OF_RANGE)(
    'never answer 5xx to %s, as a client or as a company, in parameters, query strings or bodies',
    async (value) => {
      const failures: string[] = [];
      const sample = requestSample({ text: String(value), number: value });
      const query = queryString(sample);
      for (const route of routes) {
        for (const user of [client, company]) {
          const probes = [
            ...(route.url.includes(':') ? [{ param: String(value) }] : []),
            { param: '1', query, body: hasBody(route.method) ? sample : undefined },
          ];
          for (const probe of probes) {
            const res = await send(route, { ...probe, user });
            if (res.status >= 500) failures.push(`${route.method} ${res.url} → ${res.status}`);
          }
        }
      }
      expect(failures).toEqual([]);
    },
    // About 800 requests per value: 11–30 s each on a 2-core host under a full test run (the first value also warms up).
    120_000,
  );
});
