import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blogArticles } from '../../db/schema.ts';
import { insertAudit, type AuditRecord } from './audit.repository.ts';

export type BlogArticleRow = typeof blogArticles.$inferSelect;

export interface BlogArticleValues {
  titulo: string;
  portada: string;
  cuerpo: string;
  fechaPublicacion: string;
  publicado: boolean;
}

/** SQL only: blog articles as the console writes them, each write audited in its own transaction. */
export class OperatorBlogRepository {
  constructor(private readonly db: Db) {}

  list(): Promise<BlogArticleRow[]> {
    return this.db
      .select()
      .from(blogArticles)
      .orderBy(desc(blogArticles.fechaPublicacion), desc(blogArticles.id))
      .limit(500);
  }

  async find(id: number): Promise<BlogArticleRow | undefined> {
    const [row] = await this.db.select().from(blogArticles).where(eq(blogArticles.id, id));
    return row;
  }

  async create(
    values: BlogArticleValues,
    audit: (row: BlogArticleRow) => AuditRecord,
    now: Date,
  ): Promise<BlogArticleRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(blogArticles)
        .values({ ...values, created: now, updated: now })
        .returning();
      if (!row) throw new Error('article not written');
      await insertAudit(tx, audit(row), now);
      return row;
    });
  }

  /** Replaces an article still at version `expected` (compared under the row lock, decision 096). */
  async update(
    id: number,
    expected: number,
    values: BlogArticleValues,
    audit: (before: BlogArticleRow, after: BlogArticleRow) => AuditRecord,
    now: Date,
  ): Promise<BlogArticleRow | 'missing' | 'stale'> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(blogArticles).where(eq(blogArticles.id, id)).for('update');
      if (!before) return 'missing' as const;
      if (before.version !== expected) return 'stale' as const;
      const [after] = await tx
        .update(blogArticles)
        .set({ ...values, version: before.version + 1, updated: now })
        .where(eq(blogArticles.id, id))
        .returning();
      if (!after) return 'missing' as const;
      await insertAudit(tx, audit(before, after), now);
      return after;
    });
  }
}
