import { sql, type SQL } from 'drizzle-orm';
import type { SupportOrder } from '@togo/domain/operator/operator-support.contract';
import {
  NAME_FOLD_FROM,
  NAME_FOLD_TO,
  type SupportSearchTerms,
} from '@togo/domain/operator/support-search.rules';
import type { Db } from '../../db/client.ts';
import type { Tx } from './audit.repository.ts';

type Runner = Pick<Db, 'execute'> | Pick<Tx, 'execute'>;

async function rows<T>(db: Runner, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

export interface SupportUserRow {
  id: number;
  correo: string;
  nombre: string;
  telefono: string | null;
  documento: string | null;
  placas: string[] | null;
}

export interface SupportUserPageRow extends SupportUserRow {
  creado: Date | string;
}

export interface SupportUserRecord {
  id: number;
  email: string;
  pendingEmail: string | null;
  nombre: string;
  telefono: string | null;
  tipoDocumento: string;
  documento: string | null;
  verificado: boolean;
  creado: Date | string;
  eliminado: Date | string | null;
}

export interface SupportVehicleRow {
  id: number;
  placa: string;
  ciudad: string | null;
  clase: string | null;
}

export interface SupportBookingRow {
  id: string;
  referencia: string;
  servicio: string;
  sede: string;
  fecha: string | Date;
  hora: number;
  placa: string;
  estado: string;
  pagado: boolean;
  estadoReembolso: string | null;
}

export interface SupportDeliveryRow {
  id: number;
  canal: string;
  tipo: string;
  titulo: string;
  estado: string;
  motivo: string | null;
  fecha: Date | string;
}

/** At most this many drivers per look-up without paging (decision 022). */
export const SUPPORT_SEARCH_LIMIT = 20;
/** Vehicles listed in a driver's detail (a driver's garage is small; fleets are another feature). */
export const SUPPORT_VEHICLES_LIMIT = 100;

/** Whitelisted ORDER BY of the paged look-up; the id breaks ties so pages never overlap. */
const ORDER_SQL: Record<SupportOrder, string> = {
  nombre: "lower(trim(u.nombres || ' ' || u.apellidos)) asc, u.id asc",
  '-nombre': "lower(trim(u.nombres || ' ' || u.apellidos)) desc, u.id desc",
  correo: 'lower(u.email) asc, u.id asc',
  '-correo': 'lower(u.email) desc, u.id desc',
  creado: 'u.created asc, u.id asc',
  '-creado': 'u.created desc, u.id desc',
};

/**
 * The drivers a support query names (issue 38): exact match as email (case-insensitive), phone (however it was
 * written: `supportSearchTerms`), document or a live vehicle's plate, and, for a query of 3+ letters, the start of
 * the driver's full name or surnames with accents and case ignored. Each is one probe of its own index (lower(email)
 * unique, telefono, identificacion, the live plate index, the two folded-name indexes of migration 0039), so it stays
 * a handful of index probes at 100,000 users.
 */
function matchedIds(terms: SupportSearchTerms): SQL {
  const exact = sql`select id from users where lower(email) = lower(${terms.text})
             union select id from users where telefono = ${terms.phone ?? terms.text}
             union select id from users where identificacion = ${terms.text}
             union select user_id from vehicles where placa = ${terms.plate} and deleted_at is null`;
  if (terms.name === null) return exact;
  const prefix = `${terms.name}%`;
  return sql`${exact}
             union select id from users where ${FOLDED_FULL_NAME} like ${prefix}
             union select id from users where ${FOLDED_SURNAMES} like ${prefix}`;
}

/** The folded names, written exactly as the indexes of migration 0039 are (or the planner would not use them). */
const FOLDED_FULL_NAME = sql.raw(
  `translate(lower(trim(nombres || ' ' || apellidos)), '${NAME_FOLD_FROM}', '${NAME_FOLD_TO}')`,
);
const FOLDED_SURNAMES = sql.raw(`translate(lower(apellidos), '${NAME_FOLD_FROM}', '${NAME_FOLD_TO}')`);

const USER_COLUMNS = sql`u.id, u.email as correo, trim(u.nombres || ' ' || u.apellidos) as nombre, u.telefono,
  u.identificacion as documento,
  (select array_agg(v.placa order by v.placa) from vehicles v
    where v.user_id = u.id and v.deleted_at is null) as placas`;

/** SQL only: the support look-up, a driver's detail and its lists. */
export class OperatorSupportRepository {
  constructor(private readonly db: Db) {}

  static searchSql(terms: SupportSearchTerms) {
    return sql`select ${USER_COLUMNS}
               from users u
               where u.id in (${matchedIds(terms)})
               order by u.id
               limit ${SUPPORT_SEARCH_LIMIT}`;
  }

  /** One page of the look-up; `total` rides on every row (count over the matched set, which is small). */
  static searchPageSql(terms: SupportSearchTerms, orden: SupportOrder, limit: number, offset: number) {
    return sql`with m as (${matchedIds(terms)})
               select ${USER_COLUMNS}, u.created as creado, (select count(*) from m)::int as total
               from users u
               where u.id in (select id from m)
               order by ${sql.raw(ORDER_SQL[orden])}
               limit ${limit} offset ${offset}`;
  }

  search(terms: SupportSearchTerms): Promise<SupportUserRow[]> {
    return rows<SupportUserRow>(this.db, OperatorSupportRepository.searchSql(terms));
  }

  async searchPage(
    terms: SupportSearchTerms,
    orden: SupportOrder,
    limit: number,
    offset: number,
  ): Promise<{ rows: SupportUserPageRow[]; total: number }> {
    const list = await rows<SupportUserPageRow & { total: number }>(
      this.db,
      OperatorSupportRepository.searchPageSql(terms, orden, limit, offset),
    );
    if (list.length > 0) return { rows: list, total: Number(list[0]?.total ?? 0) };
    if (offset === 0) return { rows: [], total: 0 };
    // A page past the end: the count alone.
    const [row] = await rows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from (${matchedIds(terms)}) m`,
    );
    return { rows: [], total: Number(row?.n ?? 0) };
  }

  async findUser(id: number): Promise<SupportUserRecord | undefined> {
    const [row] = await rows<SupportUserRecord>(
      this.db,
      sql`select id, email, pending_email as "pendingEmail", trim(nombres || ' ' || apellidos) as nombre,
                 telefono, tipo_documento as "tipoDocumento", identificacion as documento,
                 email_verified as verificado, created as creado, deleted_at as eliminado
          from users where id = ${id}`,
    );
    return row;
  }

  /**
   * When the driver is locked out, the latest end among: the sign-in throttle of the account's keys (blocked
   * until), and the code flow's daily lock (the 10th newest failure of the last 24 h, plus 24 h).
   */
  async lockedUntil(
    throttleKeys: readonly string[],
    identifiers: readonly string[],
    now: Date,
    codeFailuresPerDay: number,
  ): Promise<Date | null> {
    const [row] = await rows<{ until: Date | string | null }>(
      this.db,
      sql`select greatest(
            (select max(blocked_until) from throttles
              where key in (${sql.join(
                throttleKeys.map((k) => sql`${k}`),
                sql`, `,
              )}) and blocked_until > ${now.toISOString()}::timestamptz),
            (select max(tenth) + interval '1 day' from (
               select (array_agg(created order by created desc))[${codeFailuresPerDay}] as tenth
               from otp_failures
               where identifier in (${sql.join(
                 identifiers.map((k) => sql`${k}`),
                 sql`, `,
               )}) and created > ${now.toISOString()}::timestamptz - interval '1 day'
               group by identifier) f)
          ) as until`,
    );
    return row?.until ? new Date(row.until) : null;
  }

  async activeSessions(userId: number, now: Date): Promise<number> {
    const [row] = await rows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from auth_tokens
          where user_id = ${userId} and revoked_at is null and expires_at > ${now.toISOString()}::timestamptz`,
    );
    return Number(row?.n ?? 0);
  }

  vehicles(userId: number): Promise<SupportVehicleRow[]> {
    return rows<SupportVehicleRow>(
      this.db,
      sql`select v.id, v.placa, c.name as ciudad, s.data->'vehiculo'->>'clase' as clase
          from vehicles v
          left join cities c on c.id = v.city_id
          left join provider_snapshots s on s.vehicle_id = v.id and s.kind = 'registry' and s.status = 'ok'
          where v.user_id = ${userId} and v.deleted_at is null
          order by v.placa
          limit ${SUPPORT_VEHICLES_LIMIT}`,
    );
  }

  /** Newest appointment first (bookings_user_idx covers user + date). */
  async bookings(
    userId: number,
    limit: number,
    offset: number,
  ): Promise<{ rows: SupportBookingRow[]; total: number }> {
    const list = await rows<SupportBookingRow>(
      this.db,
      sql`select b.id, b.referencia, b.servicio, br.nombre as sede, b.fecha::text as fecha, b.hora::int as hora,
                 b.placa, b.estado, coalesce(p.status = 'APPROVED', false) as pagado,
                 b.estado_reembolso as "estadoReembolso"
          from bookings b
          join booking_branches br on br.id = b.branch_id
          left join payments p on p.booking_id = b.id
          where b.user_id = ${userId}
          order by b.fecha desc, b.hora desc, b.created desc, b.id
          limit ${limit} offset ${offset}`,
    );
    const [count] = await rows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from bookings where user_id = ${userId}`,
    );
    return { rows: list, total: Number(count?.n ?? 0) };
  }

  /** The delivery log (decision 027), newest first, on notification_deliveries_user_idx. */
  async deliveries(
    userId: number,
    limit: number,
    offset: number,
  ): Promise<{ rows: SupportDeliveryRow[]; total: number }> {
    const list = await rows<SupportDeliveryRow>(
      this.db,
      sql`select id::int as id, channel as canal, kind as tipo, titulo, status as estado, reason as motivo,
                 created as fecha
          from notification_deliveries
          where user_id = ${userId}
          order by created desc, id desc
          limit ${limit} offset ${offset}`,
    );
    const [count] = await rows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from notification_deliveries where user_id = ${userId}`,
    );
    return { rows: list, total: Number(count?.n ?? 0) };
  }
}
