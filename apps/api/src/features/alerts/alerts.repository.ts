import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { alertDates, providerSnapshots, vehicles } from '../../db/schema.ts';

export interface DatesRow {
  fechaExpedicion: string | null;
  fechaVencimiento: string | null;
}

export interface AlertViewRow {
  vehicleId: number;
  placa: string;
  /** provider_snapshots.status of the requested kind; null when there is no snapshot row. */
  snapshotStatus: string | null;
  snapshotProvider: string | null;
  /** The requested part of the snapshot's data (jsonb), or null. */
  snapshotPart: unknown;
  user: DatesRow | null;
  registry: DatesRow | null;
}

const userDates = alias(alertDates, 'user_dates');
const registryDates = alias(alertDates, 'registry_dates');

/**
 * The alert screen's one query, prepared once per shape of the snapshot part: `keyCount` keys read with
 * data -> key (the first present), 0 for the whole data, null for none. Placeholders: kind, code, vehicleId,
 * userId, key0…
 */
function prepareAlertView(db: Db, keyCount: number | null) {
  const part =
    keyCount === null
      ? sql<unknown>`null`
      : keyCount === 0
        ? sql<unknown>`${providerSnapshots.data}`
        : sql<unknown>`coalesce(${sql.join(
            Array.from(
              { length: keyCount },
              (_, i) => sql`${providerSnapshots.data} -> ${sql.placeholder(`key${i}`)}::text`,
            ),
            sql`, `,
          )})`;
  return db
    .select({
      vehicleId: vehicles.id,
      placa: vehicles.placa,
      snapshotStatus: providerSnapshots.status,
      snapshotProvider: providerSnapshots.provider,
      snapshotPart: part,
      userExists: userDates.vehicleId,
      userExp: userDates.fechaExpedicion,
      userVenc: userDates.fechaVencimiento,
      registryExists: registryDates.vehicleId,
      registryExp: registryDates.fechaExpedicion,
      registryVenc: registryDates.fechaVencimiento,
    })
    .from(vehicles)
    .leftJoin(
      providerSnapshots,
      and(eq(providerSnapshots.vehicleId, vehicles.id), eq(providerSnapshots.kind, sql.placeholder('kind'))),
    )
    .leftJoin(
      userDates,
      and(
        eq(userDates.vehicleId, vehicles.id),
        eq(userDates.code, sql.placeholder('code')),
        eq(userDates.source, 'user'),
      ),
    )
    .leftJoin(
      registryDates,
      and(
        eq(registryDates.vehicleId, vehicles.id),
        eq(registryDates.code, sql.placeholder('code')),
        eq(registryDates.source, 'registry'),
      ),
    )
    .where(
      and(
        eq(vehicles.id, sql.placeholder('vehicleId')),
        eq(vehicles.userId, sql.placeholder('userId')),
        isNull(vehicles.deletedAt),
      ),
    )
    .limit(1)
    .prepare(`alert_view_${keyCount ?? 'none'}`);
}

type AlertViewQuery = ReturnType<typeof prepareAlertView>;

/**
 * SQL only. Reads vehicles and provider_snapshots (owned by the garage feature) read-only, and owns the
 * user's rows of alert_dates.
 */
export class AlertsRepository {
  /** Prepared alert-view queries by shape (see prepareAlertView); a handful at most. */
  private readonly viewQueries = new Map<number | null, AlertViewQuery>();

  constructor(private readonly db: Db) {}

  /**
   * One query for an alert screen: the live vehicle of this owner, its user and registry dates for the
   * code and, when asked, one part of a provider snapshot (data -> key, the first key present).
   */
  async findAlertView(
    userId: number,
    vehicleId: number,
    code: string,
    snapshot: { kind: string; keys: string[] } | null,
  ): Promise<AlertViewRow | undefined> {
    const keyCount = snapshot === null ? null : snapshot.keys.length;
    let query = this.viewQueries.get(keyCount);
    if (!query) {
      query = prepareAlertView(this.db, keyCount);
      this.viewQueries.set(keyCount, query);
    }
    const params: Record<string, unknown> = {
      // Without a snapshot to read, a kind that never exists keeps the join empty.
      kind: snapshot?.kind ?? '-',
      code,
      vehicleId,
      userId,
    };
    snapshot?.keys.forEach((key, i) => {
      params[`key${i}`] = key;
    });
    const [row] = await query.execute(params);
    if (!row) return undefined;
    return {
      vehicleId: row.vehicleId,
      placa: row.placa,
      snapshotStatus: row.snapshotStatus,
      snapshotProvider: row.snapshotProvider,
      snapshotPart: row.snapshotPart ?? null,
      user: row.userExists === null ? null : { fechaExpedicion: row.userExp, fechaVencimiento: row.userVenc },
      registry:
        row.registryExists === null
          ? null
          : { fechaExpedicion: row.registryExp, fechaVencimiento: row.registryVenc },
    };
  }

  /** True when the vehicle is live and belongs to the user. */
  async ownsVehicle(userId: number, vehicleId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.id, vehicleId), eq(vehicles.userId, userId), isNull(vehicles.deletedAt)))
      .limit(1);
    return row !== undefined;
  }

  /** Inserts the user's dates; false when they already exist (nothing changed). */
  async insertUserDates(vehicleId: number, code: string, dates: DatesRow, now: Date): Promise<boolean> {
    const rows = await this.db
      .insert(alertDates)
      .values({ vehicleId, code, source: 'user', ...dates, updated: now })
      .onConflictDoNothing()
      .returning({ vehicleId: alertDates.vehicleId });
    return rows.length === 1;
  }

  /** Replaces the user's dates; false when there were none. */
  async updateUserDates(vehicleId: number, code: string, dates: DatesRow, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(alertDates)
      .set({ ...dates, updated: now })
      .where(
        and(eq(alertDates.vehicleId, vehicleId), eq(alertDates.code, code), eq(alertDates.source, 'user')),
      )
      .returning({ vehicleId: alertDates.vehicleId });
    return rows.length === 1;
  }
}
