import { and, eq } from 'drizzle-orm';
import type { FinesResult, RegistryVehicle } from '@togo/domain/garage/registry.contract';
import { vehicleSchema } from '@togo/domain/garage/garage.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertDates, providerSnapshots } from '../../db/schema.ts';
import { DemoFinesProvider } from '../../integrations/fines/demo.fines.ts';
import { DemoRegistryProvider } from '../../integrations/registry/demo.registry.ts';
import { ProviderError } from '../../integrations/registry/provider-error.ts';
import type { OwnerQuery, RegistryProvider } from '../../integrations/registry/registry-provider.ts';
import {
  FINES_LOOKUP_JOB,
  LOOKUP_SWEEP_CRON,
  LOOKUP_SWEEP_JOB,
  REGISTRY_LOOKUP_JOB,
} from './garage-lookup.job-names.ts';
import { ManualClock } from '../../lib/clock.ts';
import { sendJson, startLocalServer, type LocalServer } from '../../test/local-server.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { GarageLookupService } from './garage-lookup.service.ts';
import { GarageRepository } from './garage.repository.ts';
import {
  createSignedInUser,
  ensureGarageReferenceRows,
  type TestUser,
  vehiclePayload,
} from './garage.test-support.ts';

/** A registry that fails the first `failures` calls per plate with the given error, then answers. */
class ScriptedRegistry implements RegistryProvider {
  readonly name = 'demo';
  readonly calls: string[] = [];
  private readonly demo: DemoRegistryProvider;
  constructor(
    clock: ManualClock,
    private readonly failures: Record<string, { times: number; kind: 'unavailable' | 'not_found' | 'crash' }>,
  ) {
    this.demo = new DemoRegistryProvider(clock);
  }
  async lookupVehicle(q: OwnerQuery): Promise<RegistryVehicle> {
    this.calls.push(q.placa);
    const plan = this.failures[q.placa];
    const n = this.calls.filter((p) => p === q.placa).length;
    if (plan && n <= plan.times) {
      if (plan.kind === 'crash') throw new TypeError('unexpected provider crash');
      throw new ProviderError('registry-test', plan.kind, `scripted failure ${n}`);
    }
    return this.demo.lookupVehicle(q);
  }
}

const clock = new ManualClock('2026-11-22T15:00:00Z');
let t: TestContext;
let user: TestUser;
let registry: ScriptedRegistry;

beforeAll(async () => {
  registry = new ScriptedRegistry(clock, {
    FLK101: { times: 2, kind: 'unavailable' },
    DWN202: { times: 99, kind: 'unavailable' },
    NFD303: { times: 99, kind: 'not_found' },
    CRS404: { times: 1, kind: 'crash' },
  });
  t = await createTestApp({ clock, providers: { registry } });
  await ensureGarageReferenceRows(t.database.db);
  user = await createSignedInUser(t);
});
afterAll(async () => {
  await t.close();
});

async function create(placa: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/togo/vehicle/',
    headers: user.headers,
    payload: vehiclePayload({ placa }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return vehicleSchema.parse(res.json());
}

async function registrySnapshot(vehicleId: number) {
  const [row] = await t.database.db
    .select()
    .from(providerSnapshots)
    .where(and(eq(providerSnapshots.vehicleId, vehicleId), eq(providerSnapshots.kind, 'registry')));
  return row;
}

function registryJob(vehicleId: number) {
  return t.jobs
    .byName(REGISTRY_LOOKUP_JOB)
    .find((j) => (j.data as { vehicleId: number }).vehicleId === vehicleId);
}

describe('look-up retries', () => {
  it('retries a provider that fails twice, then stores its answer', async () => {
    const v = await create('FLK101');
    await t.jobs.drain();
    const job = registryJob(v.id);
    expect(job).toMatchObject({ state: 'completed', attempts: 3 });
    expect(job?.errors).toEqual(['registry-test: scripted failure 1', 'registry-test: scripted failure 2']);
    const snap = await registrySnapshot(v.id);
    expect(snap).toMatchObject({ status: 'ok', provider: 'demo', attempts: 3, lastError: null });
    const dates = await t.database.db.select().from(alertDates).where(eq(alertDates.vehicleId, v.id));
    expect(dates.length).toBeGreaterThan(0);
  });

  it('marks the look-up failed after the last retry (1 + 5 attempts)', async () => {
    const v = await create('DWN202');
    await t.jobs.drain();
    expect(registryJob(v.id)).toMatchObject({ state: 'failed', attempts: 6 });
    const snap = await registrySnapshot(v.id);
    expect(snap).toMatchObject({
      status: 'failed',
      attempts: 6,
      lastError: 'registry-test: scripted failure 6',
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/togo/vehicle/user_garages/',
      headers: user.headers,
    });
    const mine = (list.json() as { id: number; lookup_status: string; vehicle_data: unknown }[]).find(
      (x) => x.id === v.id,
    );
    expect(mine).toMatchObject({ lookup_status: 'failed', vehicle_data: null });
  });

  it('does not retry an answer that cannot change (plate unknown to the registry)', async () => {
    const v = await create('NFD303');
    await t.jobs.drain();
    expect(registryJob(v.id)).toMatchObject({ state: 'completed', attempts: 1 });
    expect(await registrySnapshot(v.id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('retries unexpected errors too', async () => {
    const v = await create('CRS404');
    await t.jobs.drain();
    expect(registryJob(v.id)).toMatchObject({ state: 'completed', attempts: 2 });
    expect(await registrySnapshot(v.id)).toMatchObject({ status: 'ok' });
  });

  it('skips vehicles deleted before their look-up ran', async () => {
    const v = await create('DEL505');
    await t.app.inject({
      method: 'PUT',
      url: `/api/togo/vehicle/${v.id}/delete_garage/`,
      headers: user.headers,
    });
    const before = registry.calls.length;
    await t.jobs.drain();
    expect(registry.calls.length).toBe(before);
    expect(registryJob(v.id)).toMatchObject({ state: 'completed' });
  });

  it('calls onRegistryUpdated after storing an answer, and survives a failing hook', async () => {
    const v = await create('HKS606');
    const seen: number[] = [];
    const repo = new GarageRepository(t.database.db);
    const ctx = { id: 'x', attempt: 1, retryLimit: 5, isLastAttempt: false };
    const lookups = new GarageLookupService({
      repo,
      registry: new DemoRegistryProvider(clock),
      fines: new DemoFinesProvider(clock),
      clock,
      onRegistryUpdated: async (id) => {
        seen.push(id);
      },
    });
    await lookups.runRegistryLookup(v.id, ctx);
    expect(seen).toEqual([v.id]);
    expect(await registrySnapshot(v.id)).toMatchObject({ status: 'ok' });

    const errors: string[] = [];
    const failing = new GarageLookupService({
      repo,
      registry: new DemoRegistryProvider(clock),
      fines: new DemoFinesProvider(clock),
      clock,
      onRegistryUpdated: async () => {
        throw new Error('engine down');
      },
      log: { warn: () => undefined, error: (_o, msg) => errors.push(msg) },
    });
    await expect(failing.runRegistryLookup(v.id, ctx)).resolves.toBeUndefined();
    expect(errors).toEqual(['onRegistryUpdated failed']);
  });

  it('queues at most one pending look-up per vehicle', async () => {
    const v = await create('ONE707');
    const service = t.jobs
      .byName(FINES_LOOKUP_JOB)
      .filter((j) => (j.data as { vehicleId: number }).vehicleId === v.id);
    expect(service).toHaveLength(1);
    const again = await t.jobs.send(
      FINES_LOOKUP_JOB,
      { vehicleId: v.id },
      { singletonKey: `vehicle:${v.id}` },
    );
    expect(again).toBeNull();
    await t.jobs.drain();
  });
});

describe('lost look-ups', () => {
  it('re-queues look-ups still pending 45 minutes after their last attempt, every 15 minutes', async () => {
    expect(t.jobs.schedules).toContainEqual({
      name: LOOKUP_SWEEP_JOB,
      cron: LOOKUP_SWEEP_CRON,
      data: {},
      tz: 'America/Bogota',
    });
    const v = await create('LST909');
    // Simulate jobs lost before they were queued (e.g. the queue was down).
    for (const j of t.jobs.jobs) {
      if ((j.data as { vehicleId?: number }).vehicleId === v.id) j.state = 'failed';
    }
    await t.jobs.send(LOOKUP_SWEEP_JOB, {});
    await t.jobs.drain();
    expect(await registrySnapshot(v.id)).toMatchObject({ status: 'pending' });

    clock.advance(46 * 60_000);
    await t.jobs.send(LOOKUP_SWEEP_JOB, {});
    await t.jobs.drain();
    expect(await registrySnapshot(v.id)).toMatchObject({ status: 'ok' });
    const sel = await t.app.inject({
      method: 'GET',
      url: '/api/togo/vehicle/user_garages/',
      headers: user.headers,
    });
    expect((sel.json() as { id: number; lookup_status: string }[]).find((x) => x.id === v.id)).toMatchObject({
      lookup_status: 'ok',
    });
  });
});

describe('registry and fines over HTTP (local fake providers)', () => {
  let server: LocalServer;
  let h: TestContext;

  beforeAll(async () => {
    const demoRegistry = new DemoRegistryProvider(clock);
    const demoFines = new DemoFinesProvider(clock);
    server = await startLocalServer(async (req, _body, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (
        req.headers.authorization !== 'Bearer clave-registro' &&
        req.headers.authorization !== 'Bearer clave-multas'
      ) {
        return sendJson(res, 401, { error: 'unauthorized' });
      }
      const placa = url.pathname.split('/').pop() ?? '';
      const q = {
        placa: url.searchParams.get('placa') ?? placa,
        documento: url.searchParams.get('documento') ?? '',
        tipoDocumento: url.searchParams.get('tipo_documento') ?? '',
      };
      if (url.pathname.startsWith('/runt/vehicles/'))
        return sendJson(res, 200, await demoRegistry.lookupVehicle(q));
      if (url.pathname === '/simit/fines') {
        const fines: FinesResult = await demoFines.lookupFines(q);
        return sendJson(res, 200, fines);
      }
      return sendJson(res, 404, {});
    });
    h = await createTestApp({
      clock,
      env: {
        REGISTRY_PROVIDER: 'http',
        REGISTRY_URL: `${server.url}/runt`,
        REGISTRY_API_KEY: 'clave-registro',
        FINES_PROVIDER: 'http',
        FINES_URL: `${server.url}/simit/`,
        FINES_API_KEY: 'clave-multas',
      },
    });
    await ensureGarageReferenceRows(h.database.db);
  });
  afterAll(async () => {
    await h.close();
    await server.close();
  });

  it('stores the real provider answers as non-demo data', async () => {
    const u = await createSignedInUser(h);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/togo/vehicle/',
      headers: u.headers,
      payload: vehiclePayload({
        placa: 'HTP808',
        tipo_documento_propietario: 2,
        documento_propietario: 'e998877',
      }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ demo: false, lookup_status: 'pending' });
    await h.jobs.drain();
    expect(server.requests.map((r) => r.url).sort()).toEqual([
      '/runt/vehicles/HTP808?documento=E998877&tipo_documento=CE',
      '/simit/fines?placa=HTP808&documento=E998877&tipo_documento=CE',
    ]);
    const sel = await h.app.inject({
      method: 'GET',
      url: '/api/togo/vehicle/get_garaje_selected/',
      headers: u.headers,
    });
    expect(sel.json()).toMatchObject({ demo: false, lookup_status: 'ok', placa: 'HTP808' });
    const snaps = await h.database.db.select().from(providerSnapshots);
    expect(snaps.map((s) => [s.kind, s.provider, s.status]).sort()).toEqual([
      ['fines', 'http', 'ok'],
      ['registry', 'http', 'ok'],
    ]);
    const value = await h.app.inject({
      method: 'GET',
      url: `/api/togo/vehicle/${res.json().id}/valor_vehicle/`,
      headers: u.headers,
    });
    // Registry data is real; the value provider is still the demo one.
    expect(value.json()).toMatchObject({ demo: true });
  });
});
