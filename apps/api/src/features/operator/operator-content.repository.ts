import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogEntries, contentImages, urlConfigs } from '../../db/schema.ts';
import { insertAudit, type AuditRecord } from './audit.repository.ts';

export type CatalogEntryRow = typeof catalogEntries.$inferSelect;
export type NamedUrlRow = typeof urlConfigs.$inferSelect;

/** What the console writes into a catalogue entry (activo mirrors valor_json.activo). */
export interface CatalogEntryValues {
  clavePadre: string;
  clave: string;
  valor: string;
  orden: number;
  activo: boolean;
  valorJson: Record<string, unknown>;
  detalleArchivos: { archivo: string }[];
}

export interface EntryFilter {
  clavePadre?: string | undefined;
  q?: string | undefined;
  sort: 'orden' | 'clave' | '-orden' | '-clave';
  limit: number;
  offset: number;
}

const live = eq(catalogEntries.deleted, false);

/**
 * SQL only: catalogue entries, named URLs and banner images as the console edits them. Every write marks the row
 * `edited` (the seed then leaves it alone, decision 030) and inserts its audit row in the same transaction; a
 * deletion keeps a tombstone (`deleted`) so a restart does not bring the seed's row back.
 */
export class OperatorContentRepository {
  constructor(private readonly db: Db) {}

  async listEntries(filter: EntryFilter): Promise<{ total: number; rows: CatalogEntryRow[] }> {
    const where: SQL[] = [live];
    if (filter.clavePadre) where.push(eq(catalogEntries.clavePadre, filter.clavePadre));
    if (filter.q) {
      const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(or(ilike(catalogEntries.clave, like), ilike(catalogEntries.valor, like)) as SQL);
    }
    const condition = and(...where);
    const [total] = await this.db.select({ n: count() }).from(catalogEntries).where(condition);
    const direction = filter.sort.startsWith('-') ? desc : asc;
    const primary = filter.sort.endsWith('clave') ? catalogEntries.clave : catalogEntries.orden;
    const rows = await this.db
      .select()
      .from(catalogEntries)
      .where(condition)
      .orderBy(asc(catalogEntries.clavePadre), direction(primary), asc(catalogEntries.id))
      .limit(filter.limit)
      .offset(filter.offset);
    return { total: total?.n ?? 0, rows };
  }

  groups(): Promise<{ clavePadre: string; entradas: number }[]> {
    return this.db
      .select({ clavePadre: catalogEntries.clavePadre, entradas: count() })
      .from(catalogEntries)
      .where(live)
      .groupBy(catalogEntries.clavePadre)
      .orderBy(asc(catalogEntries.clavePadre));
  }

  async findEntry(id: number): Promise<CatalogEntryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(catalogEntries)
      .where(and(eq(catalogEntries.id, id), live));
    return row;
  }

  /**
   * Inserts an entry, or brings back a deleted one with the same keys. undefined when a live entry already has
   * those keys (nothing written, no audit row).
   */
  async createEntry(
    values: CatalogEntryValues,
    audit: (row: CatalogEntryRow) => AuditRecord,
    now: Date,
  ): Promise<CatalogEntryRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(catalogEntries)
        .values({ ...values, edited: true, deleted: false })
        .onConflictDoUpdate({
          target: [catalogEntries.clavePadre, catalogEntries.clave],
          // A deleted entry brought back goes on counting, so a tab that read it before is still stale.
          set: { ...values, edited: true, deleted: false, version: sql`${catalogEntries.version} + 1` },
          setWhere: sql`${catalogEntries.deleted}`,
        })
        .returning();
      if (!row) return undefined;
      await insertAudit(tx, audit(row), now);
      return row;
    });
  }

  /**
   * Replaces a live entry still at version `expected` (checked under the row lock, decision 096). 'missing' when it
   * does not exist, 'stale' when another save came first, 'taken' when its new keys belong to another.
   */
  async updateEntry(
    id: number,
    expected: number,
    values: CatalogEntryValues,
    audit: (before: CatalogEntryRow, after: CatalogEntryRow) => AuditRecord,
    now: Date,
  ): Promise<CatalogEntryRow | 'missing' | 'stale' | 'taken'> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(catalogEntries)
        .where(and(eq(catalogEntries.id, id), live))
        .for('update');
      if (!before) return 'missing';
      if (before.version !== expected) return 'stale';
      const [other] = await tx
        .select({ id: catalogEntries.id, deleted: catalogEntries.deleted })
        .from(catalogEntries)
        .where(and(eq(catalogEntries.clavePadre, values.clavePadre), eq(catalogEntries.clave, values.clave)))
        .for('update');
      if (other && other.id !== id) {
        if (!other.deleted) return 'taken';
        // A tombstone with the new keys gives way: the renamed entry takes its place.
        await tx.delete(catalogEntries).where(eq(catalogEntries.id, other.id));
      }
      const [after] = await tx
        .update(catalogEntries)
        .set({ ...values, edited: true, version: before.version + 1 })
        .where(eq(catalogEntries.id, id))
        .returning();
      if (!after) return 'missing';
      await insertAudit(tx, audit(before, after), now);
      return after;
    });
  }

  /**
   * Deletes a live entry still at version `expected` (a tombstone the seed leaves alone). 'missing' when there is
   * none, 'stale' when it was saved since.
   */
  async deleteEntry(
    id: number,
    expected: number,
    audit: (before: CatalogEntryRow) => AuditRecord,
    now: Date,
  ): Promise<'deleted' | 'missing' | 'stale'> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(catalogEntries)
        .where(and(eq(catalogEntries.id, id), live))
        .for('update');
      if (!before) return 'missing';
      if (before.version !== expected) return 'stale';
      await tx
        .update(catalogEntries)
        .set({ deleted: true, edited: true, activo: false, version: before.version + 1 })
        .where(eq(catalogEntries.id, id));
      await insertAudit(tx, audit(before), now);
      return 'deleted';
    });
  }

  listUrls(): Promise<NamedUrlRow[]> {
    return this.db
      .select()
      .from(urlConfigs)
      .where(eq(urlConfigs.deleted, false))
      .orderBy(asc(urlConfigs.name));
  }

  /**
   * Creates a named URL, or replaces one still at version `mode.expected` (checked under the row lock, decision
   * 096). 'exists' when creating a live name, 'missing' when replacing one that does not exist, 'stale' when it
   * was saved since.
   */
  async writeUrl(
    name: string,
    url: string,
    mode: 'create' | { expected: number },
    audit: (before: NamedUrlRow | null, after: NamedUrlRow) => AuditRecord,
    now: Date,
  ): Promise<NamedUrlRow | 'exists' | 'missing' | 'stale'> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(urlConfigs).where(eq(urlConfigs.name, name)).for('update');
      const live = before && !before.deleted ? before : null;
      if (mode === 'create' && live) return 'exists';
      if (mode !== 'create' && !live) return 'missing';
      if (mode !== 'create' && live?.version !== mode.expected) return 'stale';
      // A version goes on counting through a deletion, so a tab that read the old URL is still stale.
      const [after] = await tx
        .insert(urlConfigs)
        .values({ name, url, edited: true, deleted: false })
        .onConflictDoUpdate({
          target: urlConfigs.name,
          set: { url, edited: true, deleted: false, version: sql`${urlConfigs.version} + 1` },
        })
        .returning();
      if (!after) throw new Error('url not written');
      await insertAudit(tx, audit(live, after), now);
      return after;
    });
  }

  /** Deletes a live URL still at version `expected`: 'missing' when there is none, 'stale' when saved since. */
  async deleteUrl(
    name: string,
    expected: number,
    audit: (before: NamedUrlRow) => AuditRecord,
    now: Date,
  ): Promise<'deleted' | 'missing' | 'stale'> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(urlConfigs)
        .where(and(eq(urlConfigs.name, name), eq(urlConfigs.deleted, false)))
        .for('update');
      if (!before) return 'missing';
      if (before.version !== expected) return 'stale';
      await tx
        .update(urlConfigs)
        .set({ deleted: true, edited: true, version: before.version + 1 })
        .where(eq(urlConfigs.name, name));
      await insertAudit(tx, audit(before), now);
      return 'deleted';
    });
  }

  /** Records an uploaded image and its audit row together. */
  async insertImage(
    row: typeof contentImages.$inferInsert & { created: Date },
    audit: AuditRecord,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(contentImages).values(row);
      await insertAudit(tx, audit, row.created);
    });
  }

  async findImage(
    id: string,
  ): Promise<{ storageKey: string; contentType: string; extension: string } | undefined> {
    const [row] = await this.db
      .select({
        storageKey: contentImages.storageKey,
        contentType: contentImages.contentType,
        extension: contentImages.extension,
      })
      .from(contentImages)
      .where(eq(contentImages.id, id));
    return row;
  }
}
