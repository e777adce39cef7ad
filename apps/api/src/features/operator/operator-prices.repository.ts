import { sql, type SQL } from 'drizzle-orm';
import type {
  ComboPrice,
  PriceKind,
  PriceList,
  RtmPrice,
  TramitePrice,
} from '@togo/domain/operator/operator-ops.contract';
import type { Db } from '../../db/client.ts';
import { insertAudit, type AuditRecord, type Tx } from './audit.repository.ts';

type Runner = Pick<Db, 'execute'> | Pick<Tx, 'execute'>;

async function rows<T>(db: Runner, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

type PriceRow = RtmPrice | ComboPrice | TramitePrice;

/** Each kind's table, key column and the columns the console shows (identifiers are constants, never input). */
const KIND_SQL: Record<PriceKind, { select: SQL; key: SQL; table: SQL }> = {
  rtm: {
    table: sql.raw('rtm_prices'),
    key: sql.raw('clase'),
    select: sql.raw(`select clase, grupo, precio, edited as editado from rtm_prices`),
  },
  combos: {
    table: sql.raw('peritaje_combos'),
    key: sql.raw('id'),
    select: sql.raw(
      `select id, grupo, combustible, text as nombre, proveedor, precio, edited as editado from peritaje_combos`,
    ),
  },
  tramites: {
    table: sql.raw('tramites'),
    key: sql.raw('id'),
    select: sql.raw(`select id, nombre, precio, edited as editado from tramites`),
  },
};

/**
 * SQL only: the prices drivers are quoted (RTM by vehicle class, peritaje combos, trámites). The booking feature
 * reads the same rows on every quote, so an edit is seen at once; an edited row is marked so the seed keeps its
 * hands off it (decision 037).
 */
export class OperatorPricesRepository {
  constructor(private readonly db: Db) {}

  async list(): Promise<PriceList> {
    const [rtm, combos, tramites] = await Promise.all([
      rows<RtmPrice>(this.db, sql`${KIND_SQL.rtm.select} order by grupo, clase`),
      rows<ComboPrice>(this.db, sql`${KIND_SQL.combos.select} order by orden, id`),
      rows<TramitePrice>(this.db, sql`${KIND_SQL.tramites.select} order by orden, id`),
    ]);
    return { rtm, combos, tramites };
  }

  /** Sets one price (and `edited`), audited in the same transaction; undefined for an unknown key. */
  async setPrice(
    kind: PriceKind,
    key: string,
    precio: number,
    audit: (before: PriceRow, after: PriceRow) => AuditRecord,
    now: Date,
  ): Promise<PriceRow | undefined> {
    const k = KIND_SQL[kind];
    return this.db.transaction(async (tx) => {
      const [before] = await rows<PriceRow>(tx, sql`${k.select} where ${k.key} = ${key} for update`);
      if (!before) return undefined;
      await tx.execute(sql`update ${k.table} set precio = ${precio}, edited = true where ${k.key} = ${key}`);
      const after = { ...before, precio, editado: true };
      await insertAudit(tx, audit(before, after), now);
      return after;
    });
  }
}
