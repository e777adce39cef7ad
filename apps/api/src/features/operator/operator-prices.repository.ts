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
    select: sql.raw(`select clase, grupo, precio, edited as editado, version from rtm_prices`),
  },
  combos: {
    table: sql.raw('peritaje_combos'),
    key: sql.raw('id'),
    select: sql.raw(
      `select id, grupo, combustible, text as nombre, proveedor, precio, edited as editado, version
       from peritaje_combos`,
    ),
  },
  tramites: {
    table: sql.raw('tramites'),
    key: sql.raw('id'),
    select: sql.raw(`select id, nombre, precio, edited as editado, version from tramites`),
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

  /**
   * Sets one price still at version `expected` (compared under the row lock, decision 096), bumps its version and
   * marks it edited, audited in the same transaction. 'missing' for an unknown key, 'stale' when another save came
   * first (nothing written, nothing audited).
   */
  async setPrice(
    kind: PriceKind,
    key: string,
    expected: number,
    precio: number,
    audit: (before: PriceRow, after: PriceRow) => AuditRecord,
    now: Date,
  ): Promise<PriceRow | 'missing' | 'stale'> {
    const k = KIND_SQL[kind];
    return this.db.transaction(async (tx) => {
      const [before] = await rows<PriceRow>(tx, sql`${k.select} where ${k.key} = ${key} for update`);
      if (!before) return 'missing' as const;
      if (before.version !== expected) return 'stale' as const;
      const version = before.version + 1;
      await tx.execute(
        sql`update ${k.table} set precio = ${precio}, edited = true, version = ${version} where ${k.key} = ${key}`,
      );
      const after = { ...before, precio, editado: true, version };
      await insertAudit(tx, audit(before, after), now);
      return after;
    });
  }
}
