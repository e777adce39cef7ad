import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cities, picoPlacaCities, picoPlacaEmbedCities, urlConfigs, vehicles } from '../../db/schema.ts';

export interface PicoPlacaVehicleRow {
  id: number;
  placa: string;
  cityId: number | null;
  cityCode: string | null;
  cityName: string | null;
  cityCommonName: string | null;
}

/**
 * SQL only. Reads `vehicles` (owned by the garage feature) read-only, and the seeded rules, embed
 * slugs and the base URL.
 */
export class PicoPlacaRepository {
  constructor(private readonly db: Db) {}

  /** The user's live (not deleted) vehicle with its city, or undefined. */
  async findVehicle(userId: number, vehicleId: number): Promise<PicoPlacaVehicleRow | undefined> {
    const [row] = await this.db
      .select({
        id: vehicles.id,
        placa: vehicles.placa,
        cityId: vehicles.cityId,
        cityCode: cities.code,
        cityName: cities.name,
        cityCommonName: cities.commonName,
      })
      .from(vehicles)
      .leftJoin(cities, eq(cities.id, vehicles.cityId))
      .where(and(eq(vehicles.id, vehicleId), eq(vehicles.userId, userId), isNull(vehicles.deletedAt)))
      .limit(1);
    return row;
  }

  /** The stored rules (city JSON) covering a DANE municipality code, or undefined. */
  async findCityRules(daneCode: string): Promise<unknown> {
    const [row] = await this.db
      .select({ data: picoPlacaCities.data })
      .from(picoPlacaCities)
      .where(
        or(
          sql`${picoPlacaCities.data}->>'dane_code' = ${daneCode}`,
          sql`${picoPlacaCities.data}->'municipalities' @> ${JSON.stringify([daneCode])}::jsonb`,
        ),
      )
      .orderBy(sql`(${picoPlacaCities.data}->>'dane_code' = ${daneCode}) desc`, asc(picoPlacaCities.key))
      .limit(1);
    return row?.data;
  }

  /**
   * The city's own embedded page slug, or undefined: a city without a page of its own gets none, never the default
   * city's page under its own name (issue 33).
   */
  async findEmbedSlug(daneCode: string | null): Promise<string | undefined> {
    if (daneCode === null) return undefined;
    const [row] = await this.db
      .select({ slug: picoPlacaEmbedCities.slug })
      .from(picoPlacaEmbedCities)
      .where(eq(picoPlacaEmbedCities.daneCode, daneCode))
      .orderBy(asc(picoPlacaEmbedCities.slug))
      .limit(1);
    return row?.slug;
  }

  async findUrl(name: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ url: urlConfigs.url })
      .from(urlConfigs)
      .where(eq(urlConfigs.name, name))
      .limit(1);
    return row?.url;
  }
}
