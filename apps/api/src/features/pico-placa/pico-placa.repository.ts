import { and, asc, between, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  cities,
  holidays,
  picoPlacaCities,
  picoPlacaEmbedCities,
  urlConfigs,
  vehicles,
} from '../../db/schema.ts';

export interface PicoPlacaVehicleRow {
  id: number;
  placa: string;
  cityId: number | null;
  cityCode: string | null;
  cityName: string | null;
  cityCommonName: string | null;
}

/**
 * SQL only. Reads `vehicles` (owned by the garage feature) read-only, and the seeded rules, holidays, embed
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

  /** Holiday dates ('YYYY-MM-DD') between two dates, inclusive. */
  async listHolidays(from: string, to: string): Promise<string[]> {
    const rows = await this.db
      .select({ date: holidays.date })
      .from(holidays)
      .where(between(holidays.date, from, to));
    return rows.map((r) => r.date);
  }

  /** Embedded page slug of a DANE code, else the default slug (undefined only if nothing is seeded). */
  async findEmbedSlug(daneCode: string | null): Promise<string | undefined> {
    const match = daneCode === null ? sql`false` : eq(picoPlacaEmbedCities.daneCode, daneCode);
    const [row] = await this.db
      .select({ slug: picoPlacaEmbedCities.slug })
      .from(picoPlacaEmbedCities)
      .where(or(match, eq(picoPlacaEmbedCities.isDefault, true)))
      .orderBy(asc(picoPlacaEmbedCities.isDefault), asc(picoPlacaEmbedCities.slug))
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
