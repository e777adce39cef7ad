import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  bookingBranches,
  catalogEntries,
  peritajeCombos,
  picoPlacaCities,
  picoPlacaEmbedCities,
  rtmPrices,
  tramites,
  urlConfigs,
} from '../../db/schema.ts';

/** SQL only: every table a seed file feeds, read as it is now (deleted content tombstones left out). */
export class OperatorExportRepository {
  constructor(private readonly db: Db) {}

  async catalogs() {
    const [entries, urls] = await Promise.all([
      this.db
        .select()
        .from(catalogEntries)
        .where(eq(catalogEntries.deleted, false))
        .orderBy(asc(catalogEntries.clavePadre), asc(catalogEntries.orden), asc(catalogEntries.id)),
      this.db.select().from(urlConfigs).where(eq(urlConfigs.deleted, false)).orderBy(asc(urlConfigs.name)),
    ]);
    return { entries, urls };
  }

  async booking() {
    const [branches, prices, combos, tramiteRows] = await Promise.all([
      this.db.select().from(bookingBranches).orderBy(asc(bookingBranches.orden), asc(bookingBranches.id)),
      this.db.select().from(rtmPrices).orderBy(asc(rtmPrices.clase)),
      this.db.select().from(peritajeCombos).orderBy(asc(peritajeCombos.orden), asc(peritajeCombos.id)),
      this.db.select().from(tramites).orderBy(asc(tramites.orden), asc(tramites.id)),
    ]);
    return { branches, prices, combos, tramites: tramiteRows };
  }

  async picoPlaca() {
    const [cities, embed] = await Promise.all([
      this.db
        .select({ key: picoPlacaCities.key, data: picoPlacaCities.data })
        .from(picoPlacaCities)
        .orderBy(asc(picoPlacaCities.key)),
      this.db.select().from(picoPlacaEmbedCities).orderBy(asc(picoPlacaEmbedCities.slug)),
    ]);
    return { cities, embed };
  }
}
