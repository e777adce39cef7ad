import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { providerSnapshots } from '../../db/schema.ts';

/** A fleet vehicle's driver look-ups: provider_snapshots kinds driver_registry / driver_fines. */

/** provider_snapshots kinds of a fleet vehicle's driver (the vehicle's own are the garage's). */
export type DriverSnapshotKind = 'driver_registry' | 'driver_fines';
const DRIVER_KINDS: DriverSnapshotKind[] = ['driver_registry', 'driver_fines'];

export function findDriverSnapshots(db: Db, vehicleId: number) {
  return db
    .select({
      kind: providerSnapshots.kind,
      status: providerSnapshots.status,
      data: providerSnapshots.data,
    })
    .from(providerSnapshots)
    .where(and(eq(providerSnapshots.vehicleId, vehicleId), inArray(providerSnapshots.kind, DRIVER_KINDS)));
}

/** Pending snapshots for a (new) driver document, replacing an earlier driver's answers. */
export async function resetDriverSnapshots(
  db: Db,
  vehicleId: number,
  providers: { registry: string; fines: string },
  documento: string,
  now: Date,
): Promise<void> {
  await db
    .insert(providerSnapshots)
    .values(
      DRIVER_KINDS.map((kind) => ({
        vehicleId,
        kind,
        provider: kind === 'driver_registry' ? providers.registry : providers.fines,
        status: 'pending',
        data: { documento },
        updated: now,
      })),
    )
    .onConflictDoUpdate({
      target: [providerSnapshots.vehicleId, providerSnapshots.kind],
      set: { status: 'pending', data: { documento }, attempts: 0, lastError: null, updated: now },
    });
}

export async function saveDriverSnapshot(
  db: Db,
  vehicleId: number,
  kind: DriverSnapshotKind,
  provider: string,
  status: 'ok' | 'pending' | 'failed',
  data: unknown,
  lastError: string | null,
  now: Date,
): Promise<void> {
  await db
    .insert(providerSnapshots)
    .values({ vehicleId, kind, provider, status, data, attempts: 1, lastError, updated: now })
    .onConflictDoUpdate({
      target: [providerSnapshots.vehicleId, providerSnapshots.kind],
      set: {
        provider,
        status,
        data,
        lastError,
        attempts: sql`least(${providerSnapshots.attempts} + 1, 32767)`,
        updated: now,
      },
    });
}
