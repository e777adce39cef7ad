import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alertDates, providerSnapshots, vehicles } from '../../db/schema.ts';
import type { AlertDateValues, SnapshotKind, SnapshotRow } from './garage.views.ts';

/**
 * A garage vehicle's provider snapshots (registry, fines, value): claiming stale look-ups, failures and answers,
 * and the registry's alert dates. GarageRepository extends it, so callers keep one repository.
 */
export class GarageSnapshotRepository {
  constructor(protected readonly db: Db) {}

  async findSnapshot(vehicleId: number, kind: SnapshotKind): Promise<SnapshotRow | undefined> {
    const [row] = await this.db
      .select({
        kind: providerSnapshots.kind,
        provider: providerSnapshots.provider,
        status: providerSnapshots.status,
        data: providerSnapshots.data,
        attempts: providerSnapshots.attempts,
        lastError: providerSnapshots.lastError,
        updated: providerSnapshots.updated,
      })
      .from(providerSnapshots)
      .where(and(eq(providerSnapshots.vehicleId, vehicleId), eq(providerSnapshots.kind, kind)))
      .limit(1);
    return row;
  }

  /**
   * Registry/fines look-ups of live vehicles still 'pending' and untouched since `olderThan`; marks them
   * touched (`now`) so the next sweep leaves them alone while they are re-queued.
   */
  claimStalePendingLookups(
    olderThan: Date,
    now: Date,
    limit: number,
  ): Promise<{ vehicleId: number; kind: string }[]> {
    const stale = this.db
      .select({ id: providerSnapshots.id })
      .from(providerSnapshots)
      .innerJoin(vehicles, and(eq(vehicles.id, providerSnapshots.vehicleId), isNull(vehicles.deletedAt)))
      .where(
        and(
          eq(providerSnapshots.status, 'pending'),
          inArray(providerSnapshots.kind, ['registry', 'fines']),
          lt(providerSnapshots.updated, olderThan),
        ),
      )
      .orderBy(asc(providerSnapshots.updated))
      .limit(limit);
    return this.db
      .update(providerSnapshots)
      .set({ updated: now })
      .where(inArray(providerSnapshots.id, stale))
      .returning({ vehicleId: providerSnapshots.vehicleId, kind: providerSnapshots.kind });
  }

  /** Creates the snapshot row if missing (pending); existing rows keep their data. */
  async ensureSnapshot(vehicleId: number, kind: SnapshotKind, provider: string, now: Date): Promise<void> {
    await this.db
      .insert(providerSnapshots)
      .values({ vehicleId, kind, provider, status: 'pending', updated: now })
      .onConflictDoNothing();
  }

  /**
   * Records a failed attempt. `final` marks the look-up failed unless earlier data is kept (status 'ok'
   * stays 'ok': an old answer is better than none).
   */
  async recordFailure(
    vehicleId: number,
    kind: SnapshotKind,
    provider: string,
    error: string,
    final: boolean,
    now: Date,
  ): Promise<void> {
    await this.db
      .insert(providerSnapshots)
      .values({
        vehicleId,
        kind,
        provider,
        status: final ? 'failed' : 'pending',
        attempts: 1,
        lastError: error,
        updated: now,
      })
      .onConflictDoUpdate({
        target: [providerSnapshots.vehicleId, providerSnapshots.kind],
        set: {
          attempts: sql`least(${providerSnapshots.attempts} + 1, 32767)`,
          lastError: error,
          updated: now,
          status: final
            ? sql`case when ${providerSnapshots.status} = 'ok' then 'ok' else 'failed' end`
            : providerSnapshots.status,
        },
      });
  }

  /**
   * Stores a provider's answer; for the registry also its dates as alert_dates rows with source
   * 'registry' (codes absent from the answer lose their registry row), in one transaction.
   */
  async saveAnswer(
    vehicleId: number,
    kind: SnapshotKind,
    provider: string,
    data: unknown,
    now: Date,
    registryDates?: { present: AlertDateValues[]; codes: readonly string[] },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(providerSnapshots)
        .values({ vehicleId, kind, provider, status: 'ok', data, attempts: 1, lastError: null, updated: now })
        .onConflictDoUpdate({
          target: [providerSnapshots.vehicleId, providerSnapshots.kind],
          set: {
            provider,
            status: 'ok',
            data,
            attempts: sql`least(${providerSnapshots.attempts} + 1, 32767)`,
            lastError: null,
            updated: now,
          },
        });
      if (!registryDates) return;
      const presentCodes = registryDates.present.map((d) => d.code);
      const absent = registryDates.codes.filter((c) => !presentCodes.includes(c));
      if (absent.length > 0) {
        await tx
          .delete(alertDates)
          .where(
            and(
              eq(alertDates.vehicleId, vehicleId),
              eq(alertDates.source, 'registry'),
              inArray(alertDates.code, absent),
            ),
          );
      }
      if (registryDates.present.length > 0) {
        await tx
          .insert(alertDates)
          .values(registryDates.present.map((d) => ({ vehicleId, source: 'registry', ...d, updated: now })))
          .onConflictDoUpdate({
            target: [alertDates.vehicleId, alertDates.code, alertDates.source],
            set: {
              fechaExpedicion: sql`excluded.fecha_expedicion`,
              fechaVencimiento: sql`excluded.fecha_vencimiento`,
              updated: now,
            },
          });
      }
    });
  }

  /** The registry rows of alert_dates of a vehicle (tests and diagnostics). */
  findRegistryDates(vehicleId: number): Promise<AlertDateValues[]> {
    return this.db
      .select({
        code: alertDates.code,
        fechaExpedicion: alertDates.fechaExpedicion,
        fechaVencimiento: alertDates.fechaVencimiento,
      })
      .from(alertDates)
      .where(and(eq(alertDates.vehicleId, vehicleId), eq(alertDates.source, 'registry')))
      .orderBy(alertDates.code);
  }
}
