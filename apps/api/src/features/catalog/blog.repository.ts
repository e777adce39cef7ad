import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blogArticles } from '../../db/schema.ts';

/** SQL only: the blog articles drivers may read (published, publish date reached). Drafts are never selected. */
export class BlogRepository {
  constructor(private readonly db: Db) {}

  private visible(today: string) {
    return and(eq(blogArticles.publicado, true), lte(blogArticles.fechaPublicacion, today));
  }

  list(today: string, limit: number) {
    return this.db
      .select({
        id: blogArticles.id,
        titulo: blogArticles.titulo,
        portada: blogArticles.portada,
        fechaPublicacion: blogArticles.fechaPublicacion,
      })
      .from(blogArticles)
      .where(this.visible(today))
      .orderBy(desc(blogArticles.fechaPublicacion), desc(blogArticles.id))
      .limit(limit);
  }

  async find(id: number, today: string) {
    const [row] = await this.db
      .select()
      .from(blogArticles)
      .where(and(eq(blogArticles.id, id), this.visible(today)));
    return row;
  }
}
