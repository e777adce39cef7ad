import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookingBranches, branchClosures } from '../../db/schema.ts';
import type { BranchPatch } from '@togo/domain/operator/operator-console.contract';
import type {
  BranchCityOption,
  BranchCreate,
  BranchOrder,
  OperatorBranch,
} from '@togo/domain/operator/operator-ops.contract';
import { insertAudit, type AuditRecord, type Tx } from './audit.repository.ts';
import { fold } from './operator-divipola.repository.ts';

type Runner = Pick<Db, 'execute'> | Pick<Tx, 'execute'>;

async function rows<T>(db: Runner, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** A branch as the console shows it (the domain's OperatorBranch). */
export type BranchState = OperatorBranch;

/** The console's columns of a branch; `ciudad` is the 5-digit DANE code. */
const BRANCH_COLUMNS = sql`id, servicio, nombre, direccion, lpad(city_id::text, 5, '0') as ciudad,
  (select coalesce(c.common_name, c.name) from cities c where c.id = city_id) as ciudad_nombre, telefono,
  capacidad::int as capacidad, horario, activo as activa, atiende, a_domicilio, lat, lng, version`;

const folded = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

/** The id breaks ties so pages never overlap. */
const ORDER_SQL: Record<BranchOrder, SQL> = {
  nombre: sql`${fold(sql`b.nombre`)} asc, b.id asc`,
  '-nombre': sql`${fold(sql`b.nombre`)} desc, b.id desc`,
  ciudad: sql`${fold(sql`b.ciudad_nombre`)} asc, ${fold(sql`b.nombre`)} asc, b.id asc`,
  '-ciudad': sql`${fold(sql`b.ciudad_nombre`)} desc, ${fold(sql`b.nombre`)} asc, b.id asc`,
};

/** What the branch list is filtered by: a DANE code and a part of the name or code. */
export interface BranchFilter {
  ciudad?: string;
  q?: string;
}

/** The branch's Google Maps link, derived from its position (the seed file's form). */
export const mapsLink = (lat: number, lng: number) =>
  `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;

/** The wire fields of a listed branch (the subquery also carries `orden` for the default order). */
const LIST_FIELDS = [
  'id',
  'servicio',
  'nombre',
  'direccion',
  'ciudad',
  'ciudad_nombre',
  'telefono',
  'capacidad',
  'horario',
  'activa',
  'atiende',
  'a_domicilio',
  'lat',
  'lng',
  'version',
]
  .map((f) => `b.${f}`)
  .join(', ');

/** `%text%` for LIKE with the pattern characters of the text taken literally. */
const containing = (text: string) => `%${folded(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(filter: BranchFilter): SQL {
  const where: SQL[] = [sql`true`];
  if (filter.ciudad) where.push(sql`b.ciudad = ${filter.ciudad}`);
  if (filter.q) {
    const like = containing(filter.q);
    where.push(sql`(${fold(sql`b.nombre`)} like ${like} or lower(b.id) like ${like})`);
  }
  return sql.join(where, sql` and `);
}

export interface ClosureRow {
  fecha: string;
  motivo: string;
  staff: string | null;
  creado: Date | string;
}

export interface BookingToReschedule {
  id: string;
  fecha: string;
  userId: number;
  placa: string;
  hora: number;
  nombre: string;
  /** The driver's first names, for the notice's greeting. */
  nombres: string;
  correo: string;
  telefono: string | null;
  /** The booking's state after the closure: 'afectada_cierre' (was confirmed) or 'pendiente_pago'. */
  estado: string;
  servicio: string;
  /** Its payment was approved: cancelling it refunds it. */
  pagado: boolean;
}

/** The bookings a closure touched and the name of the closed branch. */
export interface ClosureResult {
  sede: string;
  /** The days closed now / those of the range closed already (left as they were). */
  closed: string[];
  alreadyClosed: string[];
  bookings: BookingToReschedule[];
}

/** SQL only: branch edits (capacity reaches the branch's future slot rows too) and day closures. */
export class OperatorBranchesRepository {
  constructor(private readonly db: Db) {}

  /**
   * The branches matching `filter`, sorted by `order` (null: the seed file's order: service, orden, id), `limit` from
   * `offset` (null: all of them).
   */
  search(
    filter: BranchFilter,
    order: BranchOrder | null,
    limit: number | null,
    offset = 0,
  ): Promise<BranchState[]> {
    const by = order ? ORDER_SQL[order] : sql`b.servicio, b.orden, b.id`;
    const page = limit === null ? sql`` : sql` limit ${limit} offset ${offset}`;
    return rows<BranchState>(
      this.db,
      sql`select ${sql.raw(LIST_FIELDS)} from (select ${BRANCH_COLUMNS}, orden from booking_branches) b
          where ${whereOf(filter)} order by ${by}${page}`,
    );
  }

  async count(filter: BranchFilter): Promise<number> {
    const [row] = await rows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from (select ${BRANCH_COLUMNS} from booking_branches) b
          where ${whereOf(filter)}`,
    );
    return row?.n ?? 0;
  }

  /** Every city with at least one branch, by name: the options of the city filter. */
  cities(): Promise<BranchCityOption[]> {
    return rows<BranchCityOption>(
      this.db,
      sql`select lpad(c.id::text, 5, '0') as ciudad, coalesce(c.common_name, c.name) as nombre
          from cities c where exists (select 1 from booking_branches b where b.city_id = c.id)
          order by ${fold(sql`coalesce(c.common_name, c.name)`)}, c.id`,
    );
  }

  /**
   * Applies the patch to a branch still at version `expected` (compared under the row lock, decision 096), bumps
   * its version, marks it edited (the seed keeps its hands off) and, for a new capacity, sets the capacity of its
   * slot rows from `today` on (never below the seats already taken); audited, one transaction. 'missing' for an
   * unknown branch, 'stale' when another save came first (nothing written, nothing audited).
   */
  async patch(
    id: string,
    expected: number,
    patch: BranchPatch,
    today: string,
    audit: (before: BranchState, after: BranchState) => AuditRecord,
    now: Date,
  ): Promise<BranchState | 'missing' | 'stale' | 'unknown_city'> {
    return this.db.transaction(async (tx) => {
      const [before] = await rows<BranchState>(
        tx,
        sql`select ${BRANCH_COLUMNS} from booking_branches where id = ${id} for update`,
      );
      if (!before) return 'missing' as const;
      if (before.version !== expected) return 'stale' as const;
      if (patch.ciudad !== undefined) {
        const [city] = await rows<{ id: number }>(
          tx,
          sql`select id from cities where id = ${Number(patch.ciudad)}`,
        );
        if (!city) return 'unknown_city' as const;
      }
      const lat = patch.lat ?? before.lat;
      const lng = patch.lng ?? before.lng;
      await tx
        .update(bookingBranches)
        .set({
          ...(patch.nombre !== undefined ? { nombre: patch.nombre } : {}),
          ...(patch.direccion !== undefined ? { direccion: patch.direccion } : {}),
          ...(patch.telefono !== undefined ? { telefono: patch.telefono } : {}),
          ...(patch.ciudad !== undefined ? { cityId: Number(patch.ciudad) } : {}),
          ...(patch.capacidad !== undefined ? { capacidad: patch.capacidad } : {}),
          ...(patch.horario !== undefined ? { horario: patch.horario } : {}),
          ...(patch.activa !== undefined ? { activo: patch.activa } : {}),
          ...(patch.atiende !== undefined ? { atiende: patch.atiende } : {}),
          ...(patch.a_domicilio !== undefined ? { aDomicilio: patch.a_domicilio } : {}),
          ...(patch.lat !== undefined || patch.lng !== undefined
            ? { lat, lng, maps: mapsLink(lat, lng) }
            : {}),
          edited: true,
          version: before.version + 1,
        })
        .where(eq(bookingBranches.id, id));
      if (patch.capacidad !== undefined) {
        await tx.execute(
          sql`update booking_slots set capacity = greatest(taken, ${patch.capacidad}::int)
              where branch_id = ${id} and fecha >= ${today}`,
        );
      }
      const [after] = await rows<BranchState>(
        tx,
        sql`select ${BRANCH_COLUMNS} from booking_branches where id = ${id}`,
      );
      if (!after) return 'missing' as const;
      await insertAudit(tx, audit(before, after), now);
      return after;
    });
  }

  /**
   * Closes a branch on every day of `fechas` not closed yet (audited once) and answers the bookings of those days
   * to reschedule; the confirmed ones become 'afectada_cierre' in the same transaction (decision 110). The branch
   * row is locked first, as a driver's reschedule does (FOR SHARE). Days already closed are left as they were
   * (`alreadyClosed`); 'not_found' for an unknown branch, 'exists' when every day was closed already.
   */
  async close(
    input: { branchId: string; fechas: string[]; motivo: string; staffId: number },
    audit: (closed: string[], alreadyClosed: string[]) => AuditRecord,
    now: Date,
  ): Promise<ClosureResult | 'not_found' | 'exists'> {
    const { branchId, fechas, motivo, staffId } = input;
    try {
      return await this.db.transaction(async (tx) => {
        const [branch] = await rows<{ nombre: string }>(
          tx,
          sql`select nombre from booking_branches where id = ${branchId} for update`,
        );
        if (!branch) return 'not_found' as const;
        // The branch row's lock makes closures of one branch take turns: this read stays true until commit.
        const asked = sql.join(
          fechas.map((f) => sql`${f}::date`),
          sql`, `,
        );
        const taken = await rows<{ fecha: string }>(
          tx,
          sql`select fecha::text as fecha from branch_closures where branch_id = ${branchId} and fecha in (${asked})`,
        );
        const alreadyClosed = taken.map((r) => r.fecha).sort();
        const closed = fechas.filter((f) => !alreadyClosed.includes(f));
        if (closed.length === 0) return 'exists' as const;
        await insertAudit(tx, audit(closed, alreadyClosed), now);
        await tx
          .insert(branchClosures)
          .values(closed.map((fecha) => ({ branchId, fecha, motivo, staffId, created: now })));
        const days = sql.join(
          closed.map((f) => sql`${f}::date`),
          sql`, `,
        );
        await tx.execute(
          sql`update bookings set estado = 'afectada_cierre', motivo_estado = ${motivo},
                     version = version + 1, updated = ${now.toISOString()}
              where branch_id = ${branchId} and fecha in (${days}) and estado = 'confirmada'`,
        );
        const list = await rows<BookingToReschedule>(
          tx,
          sql`select b.id, b.fecha::text as fecha, b.user_id as "userId", b.placa, b.hora::int as hora,
                     trim(u.nombres || ' ' || u.apellidos) as nombre, u.nombres,
                     coalesce(b.correo, u.email) as correo, coalesce(b.datos->>'celular', u.telefono) as telefono,
                     b.estado, b.servicio,
                     exists (select 1 from payments p where p.booking_id = b.id and p.status = 'APPROVED') as pagado
              from bookings b join users u on u.id = b.user_id
              where b.branch_id = ${branchId} and b.fecha in (${days})
                and (b.estado = 'afectada_cierre'
                     or (b.estado = 'pendiente_pago' and b.expira_en > ${now.toISOString()}))
              order by b.fecha, b.hora, b.created`,
        );
        return { sede: branch.nombre, closed, alreadyClosed, bookings: list };
      });
    } catch (err) {
      const e = err as { code?: string; cause?: { code?: string } };
      if (e.code === '23505' || e.cause?.code === '23505') return 'exists';
      throw err;
    }
  }

  /**
   * Creates a branch (marked edited: the seed never touches a console-made branch), ordered after the others of
   * its service; audited in the same transaction. 'exists' for a taken id, 'unknown_city' for a DANE code that
   * is not a municipality.
   */
  async create(
    branch: BranchCreate,
    audit: (created: BranchState) => AuditRecord,
    now: Date,
  ): Promise<BranchState | 'exists' | 'unknown_city'> {
    try {
      return await this.db.transaction(async (tx) => {
        const [city] = await rows<{ id: number }>(
          tx,
          sql`select id from cities where id = ${Number(branch.ciudad)}`,
        );
        if (!city) return 'unknown_city' as const;
        const [next] = await rows<{ orden: number }>(
          tx,
          sql`select coalesce(max(orden), 0)::int + 10 as orden from booking_branches
              where servicio = ${branch.servicio}`,
        );
        const inserted = await tx
          .insert(bookingBranches)
          .values({
            id: branch.id,
            servicio: branch.servicio,
            nombre: branch.nombre,
            direccion: branch.direccion,
            cityId: city.id,
            telefono: branch.telefono,
            lat: branch.lat,
            lng: branch.lng,
            maps: mapsLink(branch.lat, branch.lng),
            imagen: `/static/catalogo/sedes/${branch.servicio}.svg`,
            horario: branch.horario,
            capacidad: branch.capacidad,
            atiende: branch.atiende,
            aDomicilio: branch.a_domicilio,
            activo: branch.activa,
            edited: true,
            orden: next?.orden ?? 10,
          })
          .onConflictDoNothing()
          .returning({ id: bookingBranches.id });
        if (inserted.length === 0) return 'exists' as const;
        const [created] = await rows<BranchState>(
          tx,
          sql`select ${BRANCH_COLUMNS} from booking_branches where id = ${branch.id}`,
        );
        await insertAudit(tx, audit(created!), now);
        return created!;
      });
    } catch (err) {
      const e = err as { code?: string; cause?: { code?: string } };
      if (e.code === '23505' || e.cause?.code === '23505') return 'exists';
      throw err;
    }
  }

  /** A branch's closures, newest day first (at most 200); undefined for an unknown branch. */
  async closures(branchId: string): Promise<ClosureRow[] | undefined> {
    const [branch] = await rows<{ id: string }>(
      this.db,
      sql`select id from booking_branches where id = ${branchId}`,
    );
    if (!branch) return undefined;
    return rows<ClosureRow>(
      this.db,
      sql`select c.fecha::text as fecha, c.motivo, s.email as staff, c.created as creado
          from branch_closures c left join staff s on s.id = c.staff_id
          where c.branch_id = ${branchId} order by c.fecha desc limit 200`,
    );
  }

  /**
   * Deletes the closure of a day from `today` on (a past closure is history); audited in the same transaction.
   */
  async reopen(
    branchId: string,
    fecha: string,
    today: string,
    audit: (removed: { fecha: string; motivo: string }) => AuditRecord,
    now: Date,
  ): Promise<'reopened' | 'not_found' | 'past'> {
    return this.db.transaction(async (tx) => {
      const [row] = await rows<{ fecha: string; motivo: string }>(
        tx,
        sql`select fecha::text as fecha, motivo from branch_closures
            where branch_id = ${branchId} and fecha = ${fecha} for update`,
      );
      if (!row) return 'not_found' as const;
      if (row.fecha < today) return 'past' as const;
      await tx
        .delete(branchClosures)
        .where(and(eq(branchClosures.branchId, branchId), eq(branchClosures.fecha, fecha)));
      // The bookings the closure touched and nobody moved or cancelled are confirmed again (decision 110).
      await tx.execute(
        sql`update bookings set estado = 'confirmada', motivo_estado = null, version = version + 1,
                   updated = ${now.toISOString()}
            where branch_id = ${branchId} and fecha = ${fecha} and estado = 'afectada_cierre'`,
      );
      await insertAudit(tx, audit(row), now);
      return 'reopened' as const;
    });
  }
}
