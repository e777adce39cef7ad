/**
 * npm run bench:refresh — the scheduled refresh over one simulated day (decision 032): 100,000 vehicles (10 per
 * user), fines daily and registry weekly, provider quota 600 calls per minute each, two scheduler instances
 * ticking every simulated minute on an injected clock against in-process fake providers. The fines of every
 * vehicle are due once during the day (each at its phase); the registry's backlog (a seventh of the vehicles
 * overdue at midnight) is worked off under the quota plus the seventh due that day. 1,000 vehicles get a new
 * fine during the day: each must become exactly one notification per enabled channel (email, WhatsApp and SMS
 * through the outbox, no quiet hours). Prints and writes bench-results/refresh.json. PGlite by default; with
 * DATABASE_URL its own database on that server (created and dropped).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FinesResult, RegistryVehicle } from '@togo/domain/garage/registry.contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedReferenceData } from '../src/db/seed/seed.ts';
import { GarageRefreshRepository } from '../src/features/garage/garage-refresh.repository.ts';
import {
  MINUTE_MS,
  minuteOf,
  nextDue,
  refreshSettings,
} from '../src/features/garage/garage-refresh.schedule.ts';
import { GarageRefreshService } from '../src/features/garage/garage-refresh.service.ts';
import type { OwnerQuery } from '../src/integrations/registry/registry-provider.ts';
import { InlineJobQueue } from '../src/jobs/inline.queue.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { providersFromConfig } from '../src/providers.ts';
import { openBenchDatabase } from './bench-db.ts';
import { writeBenchResult } from './bench-results.ts';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 100_000);
const CHANGES = Math.min(1000, VEHICLES);
const PER_USER = 10;
const QUOTA = 600;
const DAY_START = Date.parse('2026-11-23T05:00:00Z'); // 00:00 in Bogotá
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const INSTANCES = 2;

/** Fake providers: count calls per plate and per minute of the injected clock; 1,000 plates gain a fine. */
class FakeProviders {
  readonly perPlate = { registry: new Map<string, number>(), fines: new Map<string, number>() };
  readonly perMinute = { registry: new Map<number, number>(), fines: new Map<number, number>() };
  constructor(
    private readonly clock: ManualClock,
    private readonly changed: Set<string>,
  ) {}
  private count(kind: 'registry' | 'fines', placa: string): void {
    this.perPlate[kind].set(placa, (this.perPlate[kind].get(placa) ?? 0) + 1);
    const m = minuteOf(this.clock.now()).getTime();
    this.perMinute[kind].set(m, (this.perMinute[kind].get(m) ?? 0) + 1);
  }
  readonly registry = {
    name: 'fake-runt',
    lookupVehicle: async (q: OwnerQuery): Promise<RegistryVehicle> => {
      this.count('registry', q.placa);
      return {
        placa: q.placa,
        vehiculo: {
          marca: 'KIA',
          linea: 'PICANTO',
          modelo: 2020,
          clase: 'AUTOMOVIL',
          servicio: 'PARTICULAR',
          combustible: 'GASOLINA',
          color: 'ROJO',
          cilindraje: 1248,
          carroceria: null,
          fecha_matricula: '2020-02-01',
        },
        soat: { fecha_expedicion: '2026-03-01', fecha_vencimiento: '2027-03-01', aseguradora: 'SURA' },
        rtm: null,
        licencia: null,
      };
    },
  };
  readonly fines = {
    name: 'fake-simit',
    lookupFines: async (q: OwnerQuery): Promise<FinesResult> => {
      this.count('fines', q.placa);
      const vehiculo = this.changed.has(q.placa)
        ? [
            {
              numero: `N-${q.placa}`,
              tipo: 'Comparendo - C14',
              estado: 'vigente',
              total: 633_200,
              fecha_infraccion: '2026-11-20',
              placa: q.placa,
              infractor: 'BENCH',
              descripcion: 'Pico y placa',
              categoria: 'C14',
            },
          ]
        : [];
      return { comparendos_vehiculo: vehiculo, comparendos_persona: [] };
    },
  };
}

const mb = (kb: number) => Math.round(kb / 1024);

async function main(): Promise<void> {
  const { database, drop } = await openBenchDatabase('togo_bench_refresh');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'togo-bench-refresh-'));
  const clock = new ManualClock(new Date(DAY_START - DAY_MS));
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const seedStart = performance.now();
    const users = Math.ceil(VEHICLES / PER_USER);
    await database.query(
      `insert into users (email, nombres, apellidos, group_id, is_first_login_togo, telefono)
       select 'refresh' || g || '@correo.com', 'Bench', 'Usuario', 1, false, '300' || lpad(g::text, 7, '0')
       from generate_series(1, $1::int) g`,
      [users],
    );
    // Every channel on, no quiet hours: each change must reach email, WhatsApp and SMS once.
    await database.query(
      `insert into notification_preferences (user_id, email, push, whatsapp, sms, silencio_desde, silencio_hasta)
       select id, true, false, true, true, '00:00', '00:00' from users where email like 'refresh%'`,
    );
    const yesterday = new Date(DAY_START - DAY_MS).toISOString();
    await database.query(
      `insert into vehicles (user_id, placa, documento_propietario, tipo_documento_propietario, created, updated)
       select u.id, 'B' || lpad(((u.n - 1) * ${PER_USER} + k)::text, 6, '0'), '1020304050', 1, $1, $1
       from (select id, row_number() over (order by id) as n from users where email like 'refresh%') u
       cross join generate_series(1, ${PER_USER}) k
       where (u.n - 1) * ${PER_USER} + k <= $2`,
      [yesterday, VEHICLES],
    );
    // Steady state: yesterday's fines answer stored; fines due at each vehicle's daily phase; registry due at its
    // weekly phase, shifted a day back so a seventh is overdue at midnight (a backlog the quota must pace).
    await database.query(
      `insert into provider_snapshots (vehicle_id, kind, provider, status, data, attempts, updated)
       select id, 'fines', 'fake-simit', 'ok', '{"comparendos_vehiculo":[],"comparendos_persona":[]}', 1, $1 from vehicles`,
      [yesterday],
    );
    const ids = await database.query<{ id: number; placa: string }>(
      `select id, placa from vehicles order by id`,
    );
    const dues: { id: number; fines: string; registry: string }[] = ids.map((v) => ({
      id: Number(v.id),
      // Each vehicle's own slot (as the schedule computes it): fines on the day, registry within the week
      // starting yesterday.
      fines: nextDue(Number(v.id), new Date(DAY_START - DAY_MS / 2), DAY_MS).toISOString(),
      registry: nextDue(Number(v.id), new Date(DAY_START - DAY_MS - WEEK_MS / 2), WEEK_MS).toISOString(),
    }));
    for (let i = 0; i < dues.length; i += 10_000) {
      const chunk = dues.slice(i, i + 10_000);
      await database.query(
        `update vehicle_refresh r set due_at = case r.kind when 'fines' then d.fines else d.registry end,
                refreshed_at = $4
         from unnest($1::int[], $2::timestamptz[], $3::timestamptz[]) as d(id, fines, registry)
         where r.vehicle_id = d.id`,
        [chunk.map((d) => d.id), chunk.map((d) => d.fines), chunk.map((d) => d.registry), yesterday],
      );
    }
    await database.query('analyze');
    const dayEnd = DAY_START + DAY_MS;
    const registryDueToday = dues.filter((d) => Date.parse(d.registry) < dayEnd).length;
    const changed = new Set(
      ids
        .filter((_, i) => i % Math.floor(VEHICLES / CHANGES) === 0)
        .slice(0, CHANGES)
        .map((v) => v.placa),
    );
    console.log(`seeded ${VEHICLES} vehicles in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', DATA_DIR: dataDir });
    const providers = providersFromConfig(config, database.db, clock);
    const jobs = new InlineJobQueue();
    const app = await buildApp({
      config,
      database,
      clock,
      providers,
      secret: 'bench-secret-'.padEnd(40, 'x'),
      jobs,
    });
    const fake = new FakeProviders(clock, changed);
    const settings = refreshSettings({
      REFRESH_REGISTRY_HOURS: 168,
      REFRESH_FINES_HOURS: 24,
      REGISTRY_QUOTA_PER_MINUTE: QUOTA,
      FINES_QUOTA_PER_MINUTE: QUOTA,
      REFRESH_BACKOFF_BASE_SECONDS: 60,
      REFRESH_BACKOFF_MAX_SECONDS: 21_600,
    });
    const instances = Array.from(
      { length: INSTANCES },
      () =>
        new GarageRefreshService({
          repo: new GarageRefreshRepository(database.db),
          registry: fake.registry,
          fines: fake.fines,
          clock,
          settings,
          notifications: app.notificationDelivery,
          concurrency: 8,
        }),
    );

    const start = performance.now();
    for (let minute = 0; minute < 1440; minute++) {
      // Each tick at the end of its minute: everything due within the minute is claimed in it.
      clock.set(new Date(DAY_START + (minute + 1) * MINUTE_MS - 1));
      await Promise.all(instances.map((s) => s.tick()));
      if (minute % 120 === 119) {
        console.log(
          `  ${String(minute / 60 + 1 / 60).slice(0, 2)} h simulated: fines ${fake.perPlate.fines.size}, registry ${fake.perPlate.registry.size}, ${((performance.now() - start) / 1000).toFixed(0)} s`,
        );
      }
    }
    const wallS = (performance.now() - start) / 1000;

    const onceFines = [...fake.perPlate.fines.values()].filter((n) => n === 1).length;
    const twiceFines = [...fake.perPlate.fines.values()].filter((n) => n > 1).length;
    const onceRegistry = [...fake.perPlate.registry.values()].filter((n) => n === 1).length;
    const twiceRegistry = [...fake.perPlate.registry.values()].filter((n) => n > 1).length;
    const maxPerMinute = {
      registry: Math.max(0, ...fake.perMinute.registry.values()),
      fines: Math.max(0, ...fake.perMinute.fines.values()),
    };
    const [notif] = await database.query<{ n: number }>(
      `select count(*)::int as n from notifications where code = 'MULTA_NUEVA'`,
    );
    const channels = await database.query<{ channel: string; n: number }>(
      `select d.channel, count(*)::int as n from notification_deliveries d
       join notifications n on n.id = d.notification_id
       where n.code = 'MULTA_NUEVA' and d.status = 'sent' group by d.channel order by d.channel`,
    );
    const perChannel = Object.fromEntries(channels.map((c) => [c.channel, Number(c.n)]));
    const figures = {
      database: database.kind,
      vehicles: VEHICLES,
      instances: INSTANCES,
      quota_per_minute: QUOTA,
      fines_refreshed_exactly_once: onceFines,
      fines_refreshed_more_than_once: twiceFines,
      fines_not_refreshed: VEHICLES - onceFines - twiceFines,
      registry_due_today: registryDueToday,
      registry_refreshed_exactly_once: onceRegistry,
      registry_refreshed_more_than_once: twiceRegistry,
      max_calls_in_a_minute: maxPerMinute,
      seeded_changes: CHANGES,
      notifications: notif?.n ?? 0,
      deliveries_per_channel: perChannel,
      wall_s: Math.round(wallS * 10) / 10,
      peak_rss_mb: mb(process.resourceUsage().maxRSS),
    };
    console.log(JSON.stringify(figures, null, 2));
    writeBenchResult('refresh', figures, {
      every_vehicle_fines_once: { figure: 'fines_refreshed_exactly_once', op: '==', value: VEHICLES },
      registry_due_once: { figure: 'registry_refreshed_exactly_once', op: '==', value: registryDueToday },
      registry_quota: { figure: 'max_calls_in_a_minute.registry', op: '<=', value: QUOTA },
      fines_quota: { figure: 'max_calls_in_a_minute.fines', op: '<=', value: QUOTA },
      notifications: { figure: 'notifications', op: '==', value: CHANGES },
      email: { figure: 'deliveries_per_channel.email', op: '==', value: CHANGES },
      whatsapp: { figure: 'deliveries_per_channel.whatsapp', op: '==', value: CHANGES },
      sms: { figure: 'deliveries_per_channel.sms', op: '==', value: CHANGES },
    });
    await app.close();
    await jobs.stop();
  } finally {
    await database.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
