import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { PicoPlacaDataFile } from '@togo/domain/pico-placa/pico-placa.rules';
import type { Db } from '../client.ts';
import { picoPlacaCities, picoPlacaEmbedCities } from '../schema.ts';
import { excludedSet } from './upsert.ts';

/**
 * Pico y placa rules (one row per city, the city's JSON as written in the file) and the embedded page's city
 * slugs. Rows no longer in the file are deleted, except cities edited in the console. Holidays are not seeded:
 * they come from the colombian-holidays library (decision 081).
 */
export async function seedPicoPlaca(
  db: Db,
  file: PicoPlacaDataFile,
  rawCities: readonly unknown[],
): Promise<{ cities: number; embed: number }> {
  const cityRows = file.cities.map((city, i) => ({ key: city.key, data: rawCities[i] ?? city }));
  await db
    .insert(picoPlacaCities)
    .values(cityRows)
    .onConflictDoUpdate({
      target: picoPlacaCities.key,
      set: { data: sql.raw('excluded."data"'), updated: sql`now()` },
      // A city edited in the console keeps its rules (decision 022: seed files are first-run defaults).
      setWhere: sql`not ${picoPlacaCities.edited} and ${picoPlacaCities.data} is distinct from excluded."data"`,
    });
  await db.delete(picoPlacaCities).where(
    and(
      notInArray(
        picoPlacaCities.key,
        cityRows.map((r) => r.key),
      ),
      eq(picoPlacaCities.edited, false),
    ),
  );

  const embedRows = file.embed.cities.map((c) => ({
    slug: c.slug,
    name: c.name,
    daneCode: c.dane_code ?? null,
    rulesCity: c.rules_city ?? null,
    isDefault: c.slug === file.embed.default_slug,
  }));
  if (!embedRows.some((r) => r.isDefault)) {
    embedRows.push({
      slug: file.embed.default_slug,
      name: file.embed.default_slug,
      daneCode: null,
      rulesCity: null,
      isDefault: true,
    });
  }
  await db
    .insert(picoPlacaEmbedCities)
    .values(embedRows)
    .onConflictDoUpdate({
      target: picoPlacaEmbedCities.slug,
      set: excludedSet({
        name: picoPlacaEmbedCities.name,
        daneCode: picoPlacaEmbedCities.daneCode,
        rulesCity: picoPlacaEmbedCities.rulesCity,
        isDefault: picoPlacaEmbedCities.isDefault,
      }),
    });
  await db.delete(picoPlacaEmbedCities).where(
    notInArray(
      picoPlacaEmbedCities.slug,
      embedRows.map((r) => r.slug),
    ),
  );
  return { cities: cityRows.length, embed: embedRows.length };
}
