import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { ANONYMISED_DRIVER_DOCUMENT } from '@togo/domain/profile/personal-data.contract';
import type { Db } from '../../db/client.ts';
import {
  calendarFeeds,
  alertDates,
  consentRecords,
  authTokens,
  bookings,
  documentTypes,
  fleetDrivers,
  fleetPersonPhotos,
  fleetUploads,
  idempotencyKeys,
  notifications,
  otpCodes,
  providerSnapshots,
  pushSubscriptions,
  storedFiles,
  userIdentities,
  users,
  vehicles,
} from '../../db/schema.ts';

export type PersonalUserRow = typeof users.$inferSelect;

/** A person as the fleets of companies know them: document type id + upper-cased number. */
export interface PersonDocument {
  tipoDocumento: number;
  documento: string;
}

/** SQL of the personal-data feature: what an export reads, what a deletion marks and what the purge removes. */
export class PersonalDataRepository {
  constructor(private readonly db: Db) {}

  async findUser(userId: number): Promise<PersonalUserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId)).limit(1);
    return row;
  }

  identities(userId: number) {
    return this.db
      .select({
        provider: userIdentities.provider,
        email: userIdentities.email,
        created: userIdentities.created,
      })
      .from(userIdentities)
      .where(eq(userIdentities.userId, userId))
      .orderBy(asc(userIdentities.id));
  }

  /** The user's vehicles (deleted ones too: they are still the user's data until the purge). */
  vehicles(userId: number) {
    return this.db.select().from(vehicles).where(eq(vehicles.userId, userId)).orderBy(asc(vehicles.id));
  }

  alertDates(userId: number) {
    return this.db
      .select({
        vehicleId: alertDates.vehicleId,
        code: alertDates.code,
        source: alertDates.source,
        fechaExpedicion: alertDates.fechaExpedicion,
        fechaVencimiento: alertDates.fechaVencimiento,
      })
      .from(alertDates)
      .innerJoin(vehicles, eq(vehicles.id, alertDates.vehicleId))
      .where(eq(vehicles.userId, userId))
      .orderBy(asc(alertDates.vehicleId), asc(alertDates.code), asc(alertDates.source));
  }

  files(userId: number) {
    return this.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.ownerUserId, userId))
      .orderBy(asc(storedFiles.created), asc(storedFiles.id));
  }

  bookings(userId: number) {
    return this.db.select().from(bookings).where(eq(bookings.userId, userId)).orderBy(asc(bookings.created));
  }

  /** Every consent the user gave or withdrew (sign-up policy, channels), oldest first. */
  consents(userId: number) {
    return this.db
      .select({
        purpose: consentRecords.purpose,
        accepted: consentRecords.accepted,
        screen: consentRecords.screen,
        text: consentRecords.text,
        created: consentRecords.created,
      })
      .from(consentRecords)
      .where(eq(consentRecords.userId, userId))
      .orderBy(asc(consentRecords.created), asc(consentRecords.id));
  }

  notifications(userId: number) {
    return this.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.created), desc(notifications.id));
  }

  /**
   * Marks the account deleted, revokes every live session and deletes its calendar feed in one transaction. Returns false when the
   * account was already deleted (a second request changes nothing).
   */
  async markDeletedAndRevokeTokens(userId: number, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const marked = await tx
        .update(users)
        .set({ deletedAt: now, updated: now })
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .returning({ id: users.id });
      await tx
        .update(authTokens)
        .set({ revokedAt: now })
        .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      // The calendar address is a credential of its own: it dies with the account (issue 35, finding 4).
      await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
      return marked.length === 1;
    });
  }

  /** Accounts deleted at or before `cutoff` and not purged yet, oldest first. */
  async dueForPurge(cutoff: Date, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(isNotNull(users.deletedAt), isNull(users.purgedAt), lte(users.deletedAt, cutoff)))
      .orderBy(asc(users.deletedAt), asc(users.id))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** The user's identity document as companies' fleets store it, or null without a document number. */
  async personDocument(user: PersonalUserRow): Promise<PersonDocument | null> {
    const number = user.identificacion?.trim().toUpperCase();
    if (!number) return null;
    const [type] = await this.db
      .select({ id: documentTypes.id })
      .from(documentTypes)
      .where(eq(documentTypes.code, user.tipoDocumento))
      .limit(1);
    return type ? { tipoDocumento: type.id, documento: number } : null;
  }

  /**
   * Every storage key the purge removes: the user's own files, their fleet uploads (a company's
   * spreadsheets) and the photos companies keep of them as a driver.
   */
  async storageKeysToPurge(userId: number, person: PersonDocument | null): Promise<string[]> {
    const own = await this.db
      .select({ key: storedFiles.storageKey })
      .from(storedFiles)
      .where(eq(storedFiles.ownerUserId, userId));
    const uploads = await this.db
      .select({ key: fleetUploads.storageKey })
      .from(fleetUploads)
      .where(eq(fleetUploads.companyUserId, userId));
    const photos = person
      ? await this.db
          .select({ key: storedFiles.storageKey })
          .from(fleetPersonPhotos)
          .innerJoin(storedFiles, eq(storedFiles.id, fleetPersonPhotos.fileId))
          .where(personPhotoWhere(person))
      : [];
    return [...own, ...uploads, ...photos].map((r) => r.key);
  }

  /**
   * The purge, in one transaction: the user's vehicles (with their dates, look-ups, notifications and
   * drivers), files, fleet uploads, identities, tokens and codes are deleted; companies' fleet driver rows
   * naming the person keep the vehicle and lose the person; bookings keep what accounting needs and lose
   * the contact data; the user row stays as an anonymous tombstone so its email and phone are free again.
   * Returns false when the account is not (or no longer) due.
   */
  async purge(userId: number, person: PersonDocument | null, cutoff: Date, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            isNotNull(users.deletedAt),
            isNull(users.purgedAt),
            lte(users.deletedAt, cutoff),
          ),
        )
        .for('update');
      if (!due) return false;
      if (person) {
        const drivers = await tx
          .update(fleetDrivers)
          .set({
            nombre: null,
            documento: ANONYMISED_DRIVER_DOCUMENT,
            telefono: null,
            cityId: null,
            updated: now,
          })
          .where(
            and(
              eq(fleetDrivers.tipoDocumento, person.tipoDocumento),
              eq(fleetDrivers.documento, person.documento),
            ),
          )
          .returning({ vehicleId: fleetDrivers.vehicleId });
        if (drivers.length > 0) {
          // The person's licence and fines looked up as the driver of those vehicles.
          await tx.delete(providerSnapshots).where(
            and(
              inArray(
                providerSnapshots.vehicleId,
                drivers.map((d) => d.vehicleId),
              ),
              inArray(providerSnapshots.kind, ['driver_registry', 'driver_fines']),
            ),
          );
        }
        const photoFiles = await tx
          .delete(fleetPersonPhotos)
          .where(personPhotoWhere(person))
          .returning({ fileId: fleetPersonPhotos.fileId });
        if (photoFiles.length > 0) {
          await tx.delete(storedFiles).where(
            inArray(
              storedFiles.id,
              photoFiles.map((p) => p.fileId),
            ),
          );
        }
      }
      await tx.delete(vehicles).where(eq(vehicles.userId, userId));
      await tx.delete(fleetUploads).where(eq(fleetUploads.companyUserId, userId));
      await tx.delete(notifications).where(eq(notifications.userId, userId));
      await tx.delete(storedFiles).where(eq(storedFiles.ownerUserId, userId));
      await tx.delete(userIdentities).where(eq(userIdentities.userId, userId));
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      await tx.delete(authTokens).where(eq(authTokens.userId, userId));
      await tx.delete(otpCodes).where(eq(otpCodes.userId, userId));
      await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
      await tx
        .update(bookings)
        .set({ correo: null, direccionServicio: null, datos: {}, updated: now })
        .where(eq(bookings.userId, userId));
      await tx
        .update(users)
        .set({
          email: sql`'eliminada-' || ${users.id} || '@cuentas-eliminadas.invalid'`,
          passwordHash: null,
          nombres: 'Cuenta',
          apellidos: 'eliminada',
          telefono: null,
          identificacion: null,
          razonSocial: null,
          nit: null,
          profilePicture: null,
          profilePictureFileId: null,
          purgedAt: now,
          updated: now,
        })
        .where(eq(users.id, userId));
      return true;
    });
  }
}

function personPhotoWhere(person: PersonDocument) {
  return and(
    eq(fleetPersonPhotos.tipoDocumento, person.tipoDocumento),
    eq(fleetPersonPhotos.documento, person.documento),
  );
}
