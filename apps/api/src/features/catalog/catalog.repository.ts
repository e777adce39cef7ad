import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogEntries, urlConfigs } from '../../db/schema.ts';

export type CatalogRow = Pick<
  typeof catalogEntries.$inferSelect,
  'clave' | 'valor' | 'valorJson' | 'detalleArchivos'
>;

/** SQL only: catalogue entries and named URLs (seeded from catalogs.json, edited in the operator console). */
export class CatalogRepository {
  constructor(private readonly db: Db) {}

  async countActive(clavePadre: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(catalogEntries)
      .where(and(eq(catalogEntries.clavePadre, clavePadre), eq(catalogEntries.activo, true)));
    return row?.n ?? 0;
  }

  listActive(clavePadre: string, limit: number, offset: number): Promise<CatalogRow[]> {
    return this.db
      .select({
        clave: catalogEntries.clave,
        valor: catalogEntries.valor,
        valorJson: catalogEntries.valorJson,
        detalleArchivos: catalogEntries.detalleArchivos,
      })
      .from(catalogEntries)
      .where(and(eq(catalogEntries.clavePadre, clavePadre), eq(catalogEntries.activo, true)))
      .orderBy(asc(catalogEntries.orden), asc(catalogEntries.id))
      .limit(limit)
      .offset(offset);
  }

  listUrls(names?: readonly string[]): Promise<{ name: string; url: string }[]> {
    // A URL deleted in the console stays as a tombstone (decision 030) and is never served.
    const live = eq(urlConfigs.deleted, false);
    return this.db
      .select({ name: urlConfigs.name, url: urlConfigs.url })
      .from(urlConfigs)
      .where(names ? and(live, inArray(urlConfigs.name, [...names])) : live)
      .orderBy(asc(urlConfigs.name));
  }
}
