import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { picoPlacaCities, picoPlacaReports } from '../../db/schema.ts';

export type PicoPlacaReportRow = typeof picoPlacaReports.$inferSelect;
type PicoPlacaReportInsert = Omit<
  typeof picoPlacaReports.$inferInsert,
  'id' | 'estado' | 'respuesta' | 'resolvedAt' | 'resolvedBy' | 'resolvedByEmail'
>;

/** How many of a vehicle's reports the driver's screen lists. */
const MINE_LIMIT = 20;

/** SQL only of the drivers' pico y placa reports (decision 104); reads the city's rule version read-only. */
export class PicoPlacaReportsRepository {
  constructor(private readonly db: Db) {}

  /** The rule version of the city covering a DANE code (0 = the seed's), or null when no city covers it. */
  async cityVersion(daneCode: string): Promise<number | null> {
    const [row] = await this.db
      .select({ version: picoPlacaCities.version })
      .from(picoPlacaCities)
      .where(
        sql`${picoPlacaCities.data}->>'dane_code' = ${daneCode}
            or ${picoPlacaCities.data}->'municipalities' @> ${JSON.stringify([daneCode])}::jsonb`,
      )
      .orderBy(sql`(${picoPlacaCities.data}->>'dane_code' = ${daneCode}) desc`, picoPlacaCities.key)
      .limit(1);
    return row?.version ?? null;
  }

  /**
   * Inserts the report unless the same one was sent the same day (the unique index decides, also between
   * concurrent requests); answers the stored row and whether it already existed.
   */
  async insertOnce(values: PicoPlacaReportInsert): Promise<{ row: PicoPlacaReportRow; duplicate: boolean }> {
    const [created] = await this.db.insert(picoPlacaReports).values(values).onConflictDoNothing().returning();
    if (created) return { row: created, duplicate: false };
    const [existing] = await this.db
      .select()
      .from(picoPlacaReports)
      .where(
        and(
          eq(picoPlacaReports.userId, values.userId),
          eq(picoPlacaReports.daneCode, values.daneCode),
          eq(picoPlacaReports.fecha, values.fecha),
          eq(picoPlacaReports.digito, values.digito),
          eq(picoPlacaReports.tipoVehiculo, values.tipoVehiculo),
          eq(picoPlacaReports.reportDay, values.reportDay),
        ),
      )
      .limit(1);
    if (!existing) throw new Error('pico_placa_reports: conflicting row not found');
    return { row: existing, duplicate: true };
  }

  /** The user's reports about one vehicle, newest first. */
  mine(userId: number, vehicleId: number): Promise<PicoPlacaReportRow[]> {
    return this.db
      .select()
      .from(picoPlacaReports)
      .where(and(eq(picoPlacaReports.userId, userId), eq(picoPlacaReports.vehicleId, vehicleId)))
      .orderBy(desc(picoPlacaReports.created), desc(picoPlacaReports.id))
      .limit(MINE_LIMIT);
  }
}
