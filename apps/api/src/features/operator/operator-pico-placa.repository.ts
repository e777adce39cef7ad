import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { picoPlacaCities, picoPlacaVersions, staff } from '../../db/schema.ts';
import { insertAudit, type AuditRecord, type Tx } from './audit.repository.ts';

export interface CityRulesRow {
  key: string;
  data: unknown;
  version: number;
}

export interface VersionRow {
  version: number;
  created: Date;
  staff: string | null;
}

/** SQL only: the cities' pico y placa rules (read by the drivers' route at every request) and their versions. */
export class OperatorPicoPlacaRepository {
  constructor(private readonly db: Db) {}

  listCities(): Promise<CityRulesRow[]> {
    return this.db
      .select({ key: picoPlacaCities.key, data: picoPlacaCities.data, version: picoPlacaCities.version })
      .from(picoPlacaCities)
      .orderBy(sql`${picoPlacaCities.data}->>'dane_code'`, asc(picoPlacaCities.key));
  }

  async findByDane(dane: string): Promise<CityRulesRow | undefined> {
    const [row] = await this.db
      .select({ key: picoPlacaCities.key, data: picoPlacaCities.data, version: picoPlacaCities.version })
      .from(picoPlacaCities)
      .where(sql`${picoPlacaCities.data}->>'dane_code' = ${dane}`)
      .orderBy(asc(picoPlacaCities.key))
      .limit(1);
    return row;
  }

  /**
   * Writes a new version of a city's rules (creating the city when `key` is new) and its audit row in one
   * transaction. The row being replaced is kept as version 0 the first time (the seed's). Answers the new version,
   * or 'key_taken' when `key` belongs to another DANE code.
   */
  async replace(
    input: { key: string; dane: string; data: unknown; staffId: number },
    audit: (before: unknown, version: number) => AuditRecord,
    now: Date,
  ): Promise<number | 'key_taken'> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ data: picoPlacaCities.data, version: picoPlacaCities.version })
        .from(picoPlacaCities)
        .where(eq(picoPlacaCities.key, input.key))
        .for('update');
      if (current && (current.data as { dane_code?: unknown }).dane_code !== input.dane) return 'key_taken';
      const version = (current?.version ?? 0) + 1;
      if (current) await this.keepVersion(tx, input.key, current.version, current.data, null, now);
      await tx.insert(picoPlacaVersions).values({
        key: input.key,
        version,
        data: input.data,
        staffId: input.staffId,
        created: now,
      });
      await tx
        .insert(picoPlacaCities)
        .values({ key: input.key, data: input.data, edited: true, version, updated: now })
        .onConflictDoUpdate({
          target: picoPlacaCities.key,
          set: { data: input.data, edited: true, version, updated: now },
        });
      await insertAudit(tx, audit(current?.data ?? null, version), now);
      return version;
    });
  }

  /** Stores the current data under its version number unless it is stored already (the seed's version 0). */
  private async keepVersion(
    tx: Tx,
    key: string,
    version: number,
    data: unknown,
    staffId: number | null,
    now: Date,
  ) {
    await tx
      .insert(picoPlacaVersions)
      .values({ key, version, data, staffId, created: now })
      .onConflictDoNothing();
  }

  history(key: string): Promise<VersionRow[]> {
    return this.db
      .select({ version: picoPlacaVersions.version, created: picoPlacaVersions.created, staff: staff.email })
      .from(picoPlacaVersions)
      .leftJoin(staff, eq(staff.id, picoPlacaVersions.staffId))
      .where(eq(picoPlacaVersions.key, key))
      .orderBy(desc(picoPlacaVersions.version));
  }

  async findVersion(key: string, version: number): Promise<unknown> {
    const [row] = await this.db
      .select({ data: picoPlacaVersions.data })
      .from(picoPlacaVersions)
      .where(sql`${picoPlacaVersions.key} = ${key} and ${picoPlacaVersions.version} = ${version}`);
    return row?.data;
  }
}
