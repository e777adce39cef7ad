import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  cities,
  picoPlacaCities,
  picoPlacaReviewMails,
  picoPlacaVersions,
  staff,
  vehicles,
} from '../../db/schema.ts';
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
  /**
   * A new version, written only while the city is still at `input.expected` (the version the editor read, 0 for
   * a city without one): checked under the row lock, so two saves from the same version cannot both win.
   */
  async replace(
    input: { key: string; dane: string; data: unknown; staffId: number; expected: number },
    audit: (before: unknown, version: number) => AuditRecord,
    now: Date,
  ): Promise<number | 'key_taken' | 'stale'> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ data: picoPlacaCities.data, version: picoPlacaCities.version })
        .from(picoPlacaCities)
        .where(eq(picoPlacaCities.key, input.key))
        .for('update');
      if (current && (current.data as { dane_code?: unknown }).dane_code !== input.dane) return 'key_taken';
      if ((current?.version ?? 0) !== input.expected) return 'stale';
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

  /** The codes among `codes` that are not DIVIPOLA municipalities (the seeded `cities` table). */
  async notMunicipalities(codes: readonly string[]): Promise<string[]> {
    if (codes.length === 0) return [];
    const found = await this.db
      .select({ code: cities.code })
      .from(cities)
      .where(inArray(cities.code, [...codes]));
    const known = new Set(found.map((r) => r.code));
    return [...new Set(codes)].filter((c) => !known.has(c));
  }

  /** Live drivers' vehicles per municipality (DANE code). */
  async vehiclesByMunicipality(): Promise<Map<string, number>> {
    const list = await this.db
      .select({ code: cities.code, n: sql<number>`count(*)::int` })
      .from(vehicles)
      .innerJoin(cities, eq(cities.id, vehicles.cityId))
      .where(isNull(vehicles.deletedAt))
      .groupBy(cities.code);
    return new Map(list.map((r) => [r.code, Number(r.n)]));
  }

  /**
   * Removes a city created in the console (edited, never seeded: no version 0 kept) with its versions, and writes
   * the audit row, in one transaction. Answers 'seeded' for a city the seed file carries (it would come back).
   */
  async remove(
    key: string,
    expected: number,
    audit: (before: unknown) => AuditRecord,
    now: Date,
  ): Promise<'removed' | 'seeded' | 'missing' | 'stale'> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select({
          data: picoPlacaCities.data,
          edited: picoPlacaCities.edited,
          version: picoPlacaCities.version,
        })
        .from(picoPlacaCities)
        .where(eq(picoPlacaCities.key, key))
        .for('update');
      if (!current) return 'missing';
      const [seeded] = await tx
        .select({ version: picoPlacaVersions.version })
        .from(picoPlacaVersions)
        .where(and(eq(picoPlacaVersions.key, key), eq(picoPlacaVersions.version, 0)));
      if (!current.edited || seeded) return 'seeded';
      // Under the row lock (decision 096): a tab that read an older version does not delete a newer one.
      if (current.version !== expected) return 'stale';
      await tx.delete(picoPlacaVersions).where(eq(picoPlacaVersions.key, key));
      await tx.delete(picoPlacaCities).where(eq(picoPlacaCities.key, key));
      await insertAudit(tx, audit(current.data), now);
      return 'removed';
    });
  }

  /** Active staff members of these roles (who may edit pico y placa). */
  staffWithRoles(roles: readonly string[]): Promise<{ id: number; email: string; nombre: string }[]> {
    return this.db
      .select({ id: staff.id, email: staff.email, nombre: staff.nombre })
      .from(staff)
      .where(and(eq(staff.activo, true), inArray(staff.rol, [...roles])));
  }

  /** Claims one review email (true when this call claimed it: it has not been sent). */
  async claimReviewMail(claim: ReviewMailKey, now: Date): Promise<boolean> {
    const [row] = await this.db
      .insert(picoPlacaReviewMails)
      .values({ ...claim, sent: now })
      .onConflictDoNothing()
      .returning({ staffId: picoPlacaReviewMails.staffId });
    return row !== undefined;
  }

  /** Releases a claim whose email failed, so the next run tries again. */
  async releaseReviewMail(claim: ReviewMailKey): Promise<void> {
    await this.db
      .delete(picoPlacaReviewMails)
      .where(
        and(
          eq(picoPlacaReviewMails.cityKey, claim.cityKey),
          eq(picoPlacaReviewMails.regla, claim.regla),
          eq(picoPlacaReviewMails.fecha, claim.fecha),
          eq(picoPlacaReviewMails.aviso, claim.aviso),
          eq(picoPlacaReviewMails.staffId, claim.staffId),
        ),
      );
  }
}

/** One staff email about one rule's date and notice (30 or 7 days before). */
export interface ReviewMailKey {
  cityKey: string;
  regla: string;
  fecha: string;
  aviso: number;
  staffId: number;
}
