/**
 * npm run bench:api — authenticated read endpoints against a bare Fastify handler running the same SQL on
 * the same database (PGlite by default; with DATABASE_URL it creates and drops its own database
 * togo_bench_<pid> on that server). Both sides pay for the token → session look-up. Prints req/s, p99 and
 * the ratio (target ≥ 0.7×), the statements per request, and whether both sides issued the same SQL and
 * answered the same JSON (checked once per endpoint before timing). A measurement, not a test: it never
 * fails on a number.
 *
 * BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10), BENCH_ONLY=<part of an endpoint's name>,
 * BENCH_LOG_SQL=1 prints the statements, BENCH_CPU_PROFILE=<dir> writes a CPU profile of every timed run
 * (<endpoint>.app|bare.cpuprofile; open them in Chrome DevTools).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import Fastify, { type FastifyRequest } from 'fastify';
import type { AlertDates, DatesAlertResponse, NotificationPage } from '@togo/domain/alerts/alerts.contract';
import { NOTIFICATIONS_PAGE_SIZE } from '@togo/domain/alerts/alerts.contract';
import { alertRedirectUrl, DATED_ALERT_CODES, notificationIconPath } from '@togo/domain/alerts/alerts.rules';
import { NOTIFICATION_TEMPLATES } from '@togo/domain/alerts/alerts.texts';
import type { OpeningHours, SlotsResponse } from '@togo/domain/booking/booking.contract';
import {
  addDays,
  isServiceDay,
  slotBlock,
  slotHoursFor,
  slotLabel,
  slotTime,
  upcomingDates,
} from '@togo/domain/booking/booking.rules';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/seed.ts';
import { AccountsRepository, type UserRow } from '../src/features/accounts/accounts.repository.ts';
import { hashPassword } from '../src/lib/password.ts';
import { TOKEN_TTL_MS, TokenService } from '../src/features/accounts/token.service.ts';
import { toUserInfo } from '../src/features/accounts/user.mapper.ts';
import { AlertsRepository } from '../src/features/alerts/alerts.repository.ts';
import { GarageLookupService } from '../src/features/garage/garage-lookup.service.ts';
import { toVehicle } from '../src/features/garage/garage.mapper.ts';
import { GarageRepository, type VehicleView } from '../src/features/garage/garage.repository.ts';
import { FileUrlSigner } from '../src/integrations/files/signed-url.ts';
import { systemClock } from '../src/lib/clock.ts';
import { sha256Hex } from '../src/lib/crypto.ts';
import { providersFromConfig } from '../src/providers.ts';
import { openBenchDatabase } from './bench-db.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP = Math.min(DURATION, 3);
const LOG_SQL = process.env.BENCH_LOG_SQL === '1';
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE;
const SECRET = 'bench'.padEnd(40, 'x');
/** TokenService writes the sliding expiry at most this often per token. */
const EXTEND_AFTER_MS = 60 * 60 * 1000;

type Row = Record<string, unknown>;

interface Case {
  name: string;
  /** Path and query string, the same on both servers. */
  path: string;
  /** What the endpoint does after authentication: the same SQL, on the bare handler. */
  bare: (user: UserRow, req: FastifyRequest) => Promise<unknown>;
  /** POST with a JSON body (the /wh/ booking calls); GET when absent. */
  body?: unknown;
}

// ——— Database

type QueryFn = (this: unknown, ...args: unknown[]) => unknown;

/**
 * Records the SQL text of every statement sent through the driver client that drizzle and
 * `database.query` share (the PGlite instance or the pg Pool). Bench-only: it reaches into drizzle's
 * session for that client. Only installed while checking, never while timing.
 */
async function recordQueries(database: Database, fn: () => Promise<void>): Promise<string[]> {
  const client = (database.db as unknown as { session: { client: { query: QueryFn } } }).session.client;
  const original = client.query;
  const log: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    log.push(typeof q === 'string' ? q : (q as { text: string }).text);
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    client.query = original;
  }
  return log;
}

/** The bare SQL names its columns (object rows); without the aliases it is the endpoint's text. */
function normalizeSql(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/ as "?[a-z_]+"?(?=[ ,])/g, '')
    .trim();
}

// ——— Seed: the bench user, 3 vehicles, provider answers, alert dates, ~50 notifications

async function seed(database: Database, config: Config) {
  const { db } = database;
  const now = systemClock.now();
  const day = 86_400_000;
  const accounts = new AccountsRepository(db);
  const user = await accounts.insertUser({
    email: `bench-${process.pid}@correo.com`,
    passwordHash: await hashPassword('ClaveSegura123'),
    nombres: 'Bench',
    apellidos: 'Mark',
    telefono: '3000000000',
    groupId: 1,
    isFirstLoginTogo: false,
  });
  const token = await new TokenService(accounts, systemClock).issue(user.id);

  const garage = new GarageRepository(db);
  const providers = providersFromConfig(config, db, systemClock);
  const lookups = new GarageLookupService({
    repo: garage,
    registry: providers.registry,
    fines: providers.fines,
    clock: systemClock,
  });
  const job = { id: 'bench', attempt: 1, retryLimit: 0, isLastAttempt: true };
  const plates = [
    { placa: 'JKM482', km: 45_210, daysAgo: 400, answered: true },
    { placa: 'HTR915', km: 112_800, daysAgo: 120, answered: true },
    { placa: 'FXZ27E', km: 8_300, daysAgo: 1, answered: false },
  ];
  const ids: number[] = [];
  for (const p of plates) {
    const created = new Date(now.getTime() - p.daysAgo * day);
    const id = await garage.createVehicle(
      {
        userId: user.id,
        placa: p.placa,
        documentoPropietario: '1020304050',
        tipoDocumentoPropietario: 1,
        kilometrajeDigitado: p.km,
        departmentId: 11,
        cityId: 11001,
        created,
        updated: created,
      },
      [
        { kind: 'registry', provider: providers.registry.name },
        { kind: 'fines', provider: providers.fines.name },
      ],
    );
    if (id === null) throw new Error(`vehicle ${p.placa} not created`);
    if (p.answered) {
      // Provider answers ('ok' snapshots) and the registry's alert_dates, as the background look-ups store them.
      await lookups.runRegistryLookup(id, job);
      await lookups.runFinesLookup(id, job);
    }
    ids.push(id);
  }
  const selected = await garage.findSelected(user.id);
  if (selected?.registryStatus !== 'ok') throw new Error('the selected vehicle has no registry answer');

  await garage.insertFileAndAttach(
    {
      id: randomUUID(),
      ownerUserId: user.id,
      purpose: 'vehicle-image',
      contentType: 'image/jpeg',
      extension: 'jpg',
      size: 184_320,
      storageKey: `bench/${randomUUID()}.jpg`,
      created: now,
    },
    selected.id,
    'image',
    now,
  );
  const alerts = new AlertsRepository(db);
  const isoDay = (offsetDays: number) =>
    new Date(now.getTime() + offsetDays * day).toISOString().slice(0, 10);
  await alerts.insertUserDates(
    selected.id,
    'ALERTA_TODO_RIESGO',
    { fechaExpedicion: isoDay(-300), fechaVencimiento: isoDay(65) },
    now,
  );
  await alerts.insertUserDates(
    selected.id,
    'ALERTA_IMPUESTO',
    { fechaExpedicion: null, fechaVencimiento: isoDay(12) },
    now,
  );

  // ~50 notifications on the selected vehicle (a year of expiry steps), a few on another one.
  const steps = [30, 15, 7, 1, 0, -7];
  const notify = async (vehicleId: number, placa: string, count: number) => {
    for (let i = 0; i < count; i += 1) {
      const code = DATED_ALERT_CODES[i % DATED_ALERT_CODES.length] ?? 'ALERTA_SOAT';
      const step = steps[i % steps.length] ?? 0;
      const t = NOTIFICATION_TEMPLATES[code];
      const due = isoDay(-7 * i);
      const title =
        step > 1
          ? `${t.titleSubject} vence en ${step} días`
          : step === 1
            ? `${t.titleSubject} vence mañana`
            : step === 0
              ? `${t.titleSubject} vence hoy`
              : `${t.titleSubject} está ${t.overdueWord}`;
      const message = `${t.messageSubject} ${placa} ${step >= 0 ? 'vence' : 'venció'} el ${due.split('-').reverse().join('-')}. ${step >= 0 ? t.adviceBefore : t.adviceAfter}`;
      await database.query(
        `insert into notifications
           (user_id, vehicle_id, code, due_date, step, titulo, message, logo_notificacion, url_redireccion, created, delivered_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
        [
          user.id,
          vehicleId,
          code,
          due,
          step,
          title,
          message,
          notificationIconPath(code),
          alertRedirectUrl(code),
          new Date(now.getTime() - (7 * i - step) * day),
        ],
      );
    }
  };
  await notify(selected.id, selected.placa, 50);
  const other = ids.find((id) => id !== selected.id);
  if (other !== undefined) await notify(other, 'HTR915', 8);
  await database.query('analyze');
  return { userId: user.id, token, selectedId: selected.id };
}

// ——— The endpoints' SQL (copied from the repositories; column aliases added for object rows)

const SESSION_SQL = `select "auth_tokens"."id" as token_id, "auth_tokens"."expires_at" as expires_at,
  "users"."id" as id, "users"."email" as email, "users"."password_hash" as password_hash,
  "users"."nombres" as nombres, "users"."apellidos" as apellidos, "users"."telefono" as telefono,
  "users"."tipo_documento" as tipo_documento, "users"."identificacion" as identificacion,
  "users"."razon_social" as razon_social, "users"."group_id" as group_id, "users"."is_first_login_togo" as is_first_login_togo,
  "users"."profile_picture" as profile_picture, "users"."created" as created, "users"."updated" as updated
  from "auth_tokens" inner join "users" on "users"."id" = "auth_tokens"."user_id"
  where ("auth_tokens"."token_hash" = $1 and "auth_tokens"."revoked_at" is null and "auth_tokens"."expires_at" > $2)
  limit $3`;

const EXTEND_SQL = `update "auth_tokens" set "expires_at" = $1 where "auth_tokens"."id" = $2`;

const VEHICLE_SELECT = `select "vehicles"."id" as id, "vehicles"."user_id" as user_id, "vehicles"."placa" as placa,
  "vehicles"."kilometraje_digitado" as kilometraje_digitado, "vehicles"."score" as score,
  "vehicles"."created" as created, "vehicles"."image_file_id" as image_file_id,
  "image_files"."extension" as image_extension, "vehicles"."licence_file_id" as licence_file_id,
  "licence_files"."extension" as licence_extension, "vehicles"."documento_propietario" as documento_propietario,
  "vehicles"."tipo_documento_propietario" as tipo_documento_propietario,
  "document_types"."name" as document_type_name, "document_types"."code" as document_type_code,
  "vehicles"."city_id" as city_id, coalesce("cities"."common_name", "cities"."name") as city_name,
  "vehicles"."department_id" as department_id, "vehicles"."is_selected" as is_selected,
  "provider_snapshots"."status" as registry_status, "provider_snapshots"."provider" as registry_provider,
  "provider_snapshots"."data" as registry_data
  from "vehicles"
  inner join "document_types" on "document_types"."id" = "vehicles"."tipo_documento_propietario"
  left join "cities" on "cities"."id" = "vehicles"."city_id"
  left join "stored_files" "image_files" on "image_files"."id" = "vehicles"."image_file_id"
  left join "stored_files" "licence_files" on "licence_files"."id" = "vehicles"."licence_file_id"
  left join "provider_snapshots" on ("provider_snapshots"."vehicle_id" = "vehicles"."id" and "provider_snapshots"."kind" = $1)`;

const GARAGES_SQL = `${VEHICLE_SELECT}
  where ("vehicles"."user_id" = $2 and "vehicles"."deleted_at" is null)
  order by "vehicles"."created" desc, "vehicles"."id" desc`;

const SELECTED_SQL = `${VEHICLE_SELECT}
  where ("vehicles"."user_id" = $2 and "vehicles"."is_selected" = $3 and "vehicles"."deleted_at" is null)
  limit $4`;

const NOTIFICATION_COUNT_SQL = `select (select count(*)::int from notifications n where n.vehicle_id = vehicles.id) as count
  from "vehicles" where ("vehicles"."id" = $1 and "vehicles"."user_id" = $2 and "vehicles"."deleted_at" is null)
  limit $3`;

const NOTIFICATION_PAGE_SQL = `select "id", "logo_notificacion", "message", "titulo", "url_redireccion", "created"
  from "notifications" where "notifications"."vehicle_id" = $1
  order by "notifications"."created" desc, "notifications"."id" desc limit $2 offset $3`;

const ALERT_SQL = `select "vehicles"."id" as vehicle_id, "vehicles"."placa" as placa,
  "provider_snapshots"."status" as snapshot_status, "provider_snapshots"."provider" as snapshot_provider,
  coalesce("provider_snapshots"."data" -> $1::text) as snapshot_part,
  "user_dates"."vehicle_id" as user_exists, "user_dates"."fecha_expedicion" as user_exp,
  "user_dates"."fecha_vencimiento" as user_venc, "registry_dates"."vehicle_id" as registry_exists,
  "registry_dates"."fecha_expedicion" as registry_exp, "registry_dates"."fecha_vencimiento" as registry_venc
  from "vehicles"
  left join "provider_snapshots" on ("provider_snapshots"."vehicle_id" = "vehicles"."id" and "provider_snapshots"."kind" = $2)
  left join "alert_dates" "user_dates" on ("user_dates"."vehicle_id" = "vehicles"."id" and "user_dates"."code" = $3 and "user_dates"."source" = $4)
  left join "alert_dates" "registry_dates" on ("registry_dates"."vehicle_id" = "vehicles"."id" and "registry_dates"."code" = $5 and "registry_dates"."source" = $6)
  where ("vehicles"."id" = $7 and "vehicles"."user_id" = $8 and "vehicles"."deleted_at" is null)
  limit $9`;

const BRANCH_SQL = `select "booking_branches"."id" as id, "booking_branches"."servicio" as servicio,
  "booking_branches"."nombre" as nombre, "booking_branches"."direccion" as direccion,
  "booking_branches"."city_id" as city_id, coalesce("cities"."common_name", "cities"."name") as city_name,
  "booking_branches"."telefono" as telefono, "booking_branches"."lat" as lat, "booking_branches"."lng" as lng,
  "booking_branches"."maps" as maps, "booking_branches"."imagen" as imagen, "booking_branches"."horario" as horario,
  "booking_branches"."capacidad" as capacidad, "booking_branches"."atiende" as atiende,
  "booking_branches"."a_domicilio" as a_domicilio
  from "booking_branches" inner join "cities" on "cities"."id" = "booking_branches"."city_id"
  where ("booking_branches"."id" = $1 and "booking_branches"."activo" = $2) limit $3`;

const OCCUPANCY_SQL = `select "fecha", "hora", "capacity", (select count(*)::int from "bookings" b
  where b.slot_id = "booking_slots"."id"
  and (b.estado = 'confirmada' or (b.estado = 'pendiente_pago' and b.expira_en > $1))) as ocupados
  from "booking_slots" where ("booking_slots"."branch_id" = $2 and "booking_slots"."fecha" between $3 and $4)`;

// ——— Bare mapping to the endpoints' JSON

function rowToUser(r: Row): UserRow {
  return {
    id: r.id as number,
    email: r.email as string,
    passwordHash: r.password_hash as string | null,
    nombres: r.nombres as string,
    apellidos: r.apellidos as string,
    telefono: r.telefono as string,
    tipoDocumento: r.tipo_documento as string,
    identificacion: r.identificacion as string,
    razonSocial: r.razon_social as string | null,
    groupId: r.group_id as number,
    isFirstLoginTogo: r.is_first_login_togo as boolean,
    profilePicture: r.profile_picture as string,
    profilePictureFileId: r.profile_picture_file_id as string | null,
    created: r.created as Date,
    updated: r.updated as Date,
  };
}

function rowToView(r: Row): VehicleView {
  return {
    id: r.id as number,
    userId: r.user_id as number,
    placa: r.placa as string,
    kilometrajeDigitado: r.kilometraje_digitado as number,
    score: r.score as number | null,
    created: r.created as Date,
    imageFileId: r.image_file_id as string | null,
    imageExtension: r.image_extension as string | null,
    licenceFileId: r.licence_file_id as string | null,
    licenceExtension: r.licence_extension as string | null,
    documentoPropietario: r.documento_propietario as string,
    tipoDocumentoPropietario: r.tipo_documento_propietario as number,
    documentTypeName: r.document_type_name as string,
    documentTypeCode: r.document_type_code as string,
    cityId: r.city_id as number | null,
    cityName: r.city_name as string | null,
    departmentId: r.department_id as number | null,
    isSelected: r.is_selected as boolean,
    registryStatus: r.registry_status as string | null,
    registryProvider: r.registry_provider as string | null,
    registryData: r.registry_data,
  };
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function bareCases(database: Database, selectedId: number, slotDate: string): Case[] {
  const signer = new FileUrlSigner(SECRET, 3600);
  /** The drivers answer `date` columns as Date (PGlite at UTC midnight, pg at local midnight); drizzle as text. */
  const isoDate = (v: unknown): string | null => {
    if (!(v instanceof Date)) return (v as string | null) ?? null;
    if (database.kind === 'pglite') return v.toISOString().slice(0, 10);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
  };
  const dates = (exists: unknown, exp: unknown, venc: unknown) =>
    exists === null ? null : { fecha_expedicion: isoDate(exp), fecha_vencimiento: isoDate(venc) };
  const hasDates = (d: AlertDates | null): d is AlertDates =>
    d !== null && (d.fecha_expedicion !== null || d.fecha_vencimiento !== null);

  return [
    {
      name: 'slots (obtener_horarios_disponibles)',
      path: '/wh/transversal/ejecutar-accion/?accion=obtener_horarios_disponibles',
      body: {
        sede: 'TRA-BOG-01',
        fecha_agenda_desde: slotDate,
        fecha_agenda_hasta: slotDate,
        from_flow: 'tramites',
      },
      bare: async (_user, req): Promise<SlotsResponse> => {
        const body = req.body as { sede: string; fecha_agenda_desde: string; fecha_agenda_hasta: string };
        const [branch] = await database.query(BRANCH_SQL, [body.sede, true, 1]);
        if (!branch) throw new Error('no branch');
        const now = new Date();
        const rows = await database.query(OCCUPANCY_SQL, [
          now.toISOString(),
          branch.id,
          body.fecha_agenda_desde,
          body.fecha_agenda_hasta,
        ]);
        const taken = new Map(rows.map((r) => [`${isoDate(r.fecha)}|${r.hora as number}`, r]));
        const out: SlotsResponse = [];
        for (let date = body.fecha_agenda_desde; date <= body.fecha_agenda_hasta; date = addDays(date, 1)) {
          const slots = [];
          for (const hour of slotHoursFor({ date, now, openingHours: branch.horario as OpeningHours })) {
            const r = taken.get(`${date}|${hour}`);
            const free =
              ((r?.capacity as number) ?? (branch.capacidad as number)) - ((r?.ocupados as number) ?? 0);
            if (free > 0) {
              slots.push({
                id: slotLabel(hour),
                hora: slotTime(hour),
                bloque: slotBlock(hour),
                disponibles: free,
              });
            }
          }
          out.push({ fecha: date, slots });
        }
        return out;
      },
    },
    {
      name: 'confirmar_inicio_sesion',
      path: '/api/togo/users/confirmar_inicio_sesion/',
      bare: async (user) => toUserInfo(user),
    },
    {
      name: 'user_garages',
      path: '/api/togo/vehicle/user_garages/',
      bare: async (user) => {
        const rows = await database.query(GARAGES_SQL, ['registry', user.id]);
        const now = new Date();
        return rows.map((r) => toVehicle(rowToView(r), signer, now));
      },
    },
    {
      name: 'get_garaje_selected',
      path: '/api/togo/vehicle/get_garaje_selected/',
      bare: async (user) => {
        const [row] = await database.query(SELECTED_SQL, ['registry', user.id, true, 1]);
        if (!row) throw new Error('no selected vehicle');
        return toVehicle(rowToView(row), signer, new Date());
      },
    },
    {
      name: 'list_notificaciones_by_garaje',
      path: `/api/togo/notificacion/list_notificaciones_by_garaje/?id_garaje=${selectedId}`,
      bare: async (user, req): Promise<NotificationPage> => {
        const vehicleId = Number((req.query as { id_garaje?: string }).id_garaje);
        const [counted] = await database.query<{ count: number }>(NOTIFICATION_COUNT_SQL, [
          vehicleId,
          user.id,
          1,
        ]);
        if (!counted) throw new Error('not found');
        const pageSize = NOTIFICATIONS_PAGE_SIZE;
        const pages = Math.max(1, Math.ceil(counted.count / pageSize));
        const rows =
          counted.count === 0 ? [] : await database.query(NOTIFICATION_PAGE_SQL, [vehicleId, pageSize, 0]);
        let next: string | null = null;
        if (pages > 1) {
          const url = new URL(req.url, `${req.protocol}://${req.host}`);
          url.searchParams.set('page', '2');
          next = url.toString();
        }
        return {
          count: counted.count,
          next,
          previous: null,
          results: rows.map((r) => ({
            id: r.id as number,
            logo_notificacion: r.logo_notificacion as string,
            message: r.message as string,
            titulo: r.titulo as string,
            url_redireccion: r.url_redireccion as string,
            created: (r.created as Date).toISOString(),
          })),
        };
      },
    },
    {
      name: 'get_alerta ALERTA_SOAT',
      path: `/api/togo/alerta/get_alerta/?id_garaje=${selectedId}&code=ALERTA_SOAT`,
      bare: async (user, req): Promise<DatesAlertResponse> => {
        const vehicleId = Number((req.query as { id_garaje?: string }).id_garaje);
        const [r] = await database.query(ALERT_SQL, [
          'soat',
          'registry',
          'ALERTA_SOAT',
          'user',
          'ALERTA_SOAT',
          'registry',
          vehicleId,
          user.id,
          1,
        ]);
        if (!r) throw new Error('not found');
        const part =
          typeof r.snapshot_part === 'object' && r.snapshot_part !== null && !Array.isArray(r.snapshot_part)
            ? (r.snapshot_part as Record<string, unknown>)
            : null;
        const fromSnapshot = part
          ? {
              fecha_expedicion: textOrNull(part.fecha_expedicion),
              fecha_vencimiento: textOrNull(part.fecha_vencimiento),
            }
          : null;
        const stored = dates(r.registry_exists, r.registry_exp, r.registry_venc);
        const registry = hasDates(stored) ? stored : hasDates(fromSnapshot) ? fromSnapshot : null;
        const userDates = dates(r.user_exists, r.user_exp, r.user_venc);
        const own = hasDates(userDates) ? userDates : null;
        const fuente = own ? 'usuario' : registry ? 'registro' : null;
        const shown = own ?? registry;
        return {
          empty: fuente === null && r.snapshot_status !== 'ok' && r.snapshot_status !== 'failed',
          data: {
            fecha_expedicion: shown?.fecha_expedicion ?? null,
            fecha_vencimiento: shown?.fecha_vencimiento ?? null,
            fuente,
            demo: fuente === 'registro' && r.snapshot_provider === 'demo',
            aseguradora: fuente === 'registro' ? textOrNull(part?.aseguradora) : null,
          },
        };
      },
    },
  ];
}

// ——— Running

async function run(url: string, token: string, duration: number, body?: unknown) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers: {
      authorization: `Token ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }),
  });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  // Requests cut off at the end are still being answered; let them finish before the next run.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** Runs fn, under the CPU profiler when BENCH_CPU_PROFILE is set. */
async function profiled<T>(file: string, fn: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return fn();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(PROFILE_DIR, { recursive: true });
    writeFileSync(path.join(PROFILE_DIR, file), JSON.stringify(profile));
    session.disconnect();
  }
}

async function fetchJson(origin: string, path: string, token: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${origin}${path}`, {
    headers: {
      authorization: `Token ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${origin}${path}: ${res.status} ${text}`);
  return JSON.parse(text.replaceAll(origin, '<origin>')) as unknown;
}

async function main() {
  const { database, url, drop } = await openBenchDatabase();
  try {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent' });
    await database.migrate();
    await seedReferenceData(database.db);
    const { token, selectedId } = await seed(database, config);
    const slotDate = upcomingDates(systemClock.now()).find((d) => isServiceDay(d)) ?? '';

    const app = await buildApp({
      config,
      database,
      clock: systemClock,
      providers: providersFromConfig(config, database.db, systemClock),
      secret: SECRET,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const only = process.env.BENCH_ONLY;
    // Two bookings in the benchmarked slot, so the slots read counts real rows.
    for (const franja of ['9:00 AM', '9:00 AM', '10:00 AM']) {
      const res = await fetch(`${appUrl}/wh/tramites/agenda/`, {
        method: 'POST',
        headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          sessionInfo: {
            parameters: {
              placa: 'JKM482',
              ciudad: '11001',
              sede: 'TRA-BOG-01',
              tramite: ['TRASPASO'],
              fecha_agenda: slotDate,
              franja,
              metodo_pago: 'pagar_en_sitio',
            },
          },
        }),
      });
      if (res.status !== 200) throw new Error(`bench booking: ${res.status} ${await res.text()}`);
    }
    const cases = bareCases(database, selectedId, slotDate).filter((c) => !only || c.name.includes(only));
    const bare = Fastify({ logger: false });
    for (const c of cases) {
      bare.route({
        method: c.body === undefined ? 'GET' : 'POST',
        url: c.path.split('?')[0] ?? c.path,
        handler: async (req, reply) => {
          const tok = /^Token\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
          const now = new Date();
          const [row] = await database.query(SESSION_SQL, [sha256Hex(tok), now.toISOString(), 1]);
          if (!row) return reply.code(401).send({ detail: 'Token inválido o expirado.' });
          const fullExpiry = now.getTime() + TOKEN_TTL_MS;
          if (fullExpiry - (row.expires_at as Date).getTime() > EXTEND_AFTER_MS) {
            await database.query(EXTEND_SQL, [new Date(fullExpiry).toISOString(), row.token_id]);
          }
          return c.bare(rowToUser(row), req);
        },
      });
    }
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;

    console.log(
      `bench:api — database ${database.kind}${url ? ` (${new URL(url).pathname.slice(1)})` : ''}, ` +
        `${CONNECTIONS} connections, ${DURATION} s per run, Node ${process.version}`,
    );
    // First, once each and recorded (before any load, so nothing else is in flight): the statements both
    // sides send, and their answers.
    const checks = [];
    for (const c of cases) {
      let appBody: unknown;
      let bareBody: unknown;
      const appSql = await recordQueries(database, async () => {
        appBody = await fetchJson(appUrl, c.path, token, c.body);
      });
      const bareSql = await recordQueries(database, async () => {
        bareBody = await fetchJson(bareUrl, c.path, token, c.body);
      });
      const sameSql = isDeepStrictEqual(appSql.map(normalizeSql), bareSql.map(normalizeSql));
      const sameJson = isDeepStrictEqual(appBody, bareBody);
      if (LOG_SQL || !sameSql) {
        console.log(`\n${c.name} — app:\n  ${appSql.map(normalizeSql).join('\n  ')}`);
        console.log(`${c.name} — bare:\n  ${bareSql.map(normalizeSql).join('\n  ')}`);
      }
      if (!sameJson) {
        console.log(
          `\n${c.name}: different answers\n app:  ${JSON.stringify(appBody)}\n bare: ${JSON.stringify(bareBody)}`,
        );
      }
      checks.push({
        statements:
          appSql.length === bareSql.length ? appSql.length : `${appSql.length} vs ${bareSql.length}`,
        same: sameSql && sameJson ? 'yes' : 'NO',
      });
    }

    const rows = [];
    for (const [i, c] of cases.entries()) {
      await run(`${appUrl}${c.path}`, token, WARMUP, c.body);
      await run(`${bareUrl}${c.path}`, token, WARMUP, c.body);
      const file = c.name.replace(/\W+/g, '_');
      const a = await profiled(`${file}.app.cpuprofile`, () =>
        run(`${appUrl}${c.path}`, token, DURATION, c.body),
      );
      const b = await profiled(`${file}.bare.cpuprofile`, () =>
        run(`${bareUrl}${c.path}`, token, DURATION, c.body),
      );
      rows.push({
        endpoint: c.name,
        'app req/s': Math.round(a.rps),
        'app p99 ms': a.p99,
        'bare req/s': Math.round(b.rps),
        'bare p99 ms': b.p99,
        ratio: Number((a.rps / b.rps).toFixed(2)),
        target: '≥ 0.70',
        'SQL/req': checks[i]?.statements,
        'same SQL+JSON': checks[i]?.same,
      });
    }
    console.table(rows);
    await app.close();
    await bare.close();
  } finally {
    await database.close();
    await drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
