import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fleetPersonPhotos, storedFiles } from '../../db/schema.ts';
import type { NewStoredFile } from '../../integrations/files/stored-upload.ts';

/** stored_files.purpose of a fleet driver's photo. */
export const DRIVER_PHOTO_PURPOSE = 'fleet-driver-photo';

/** A person of a company's fleet: the photo's key. `documento` is upper-cased like everywhere in the fleet. */
export interface FleetPerson {
  companyUserId: number;
  tipoDocumento: number;
  documento: string;
}

export interface PersonPhoto {
  fileId: string;
  extension: string;
}

function personWhere(p: FleetPerson) {
  return and(
    eq(fleetPersonPhotos.companyUserId, p.companyUserId),
    eq(fleetPersonPhotos.tipoDocumento, p.tipoDocumento),
    eq(fleetPersonPhotos.documento, p.documento),
  );
}

/** SQL of the fleet drivers' photos (fleet_person_photos → stored_files). */
export class FleetPhotoRepository {
  constructor(private readonly db: Db) {}

  async findPhoto(person: FleetPerson): Promise<PersonPhoto | undefined> {
    const [row] = await this.db
      .select({ fileId: storedFiles.id, extension: storedFiles.extension })
      .from(fleetPersonPhotos)
      .innerJoin(storedFiles, eq(storedFiles.id, fleetPersonPhotos.fileId))
      .where(personWhere(person))
      .limit(1);
    return row;
  }

  /**
   * Stores the file row and points the person at it in one transaction. The person's row is either inserted or,
   * when it exists, locked before it is changed, so two uploads at once leave exactly one photo and the loser's
   * earlier file is reported as replaced. Returns the replaced photo's file id, if any.
   */
  async insertPhotoAndAttach(file: NewStoredFile, person: FleetPerson, now: Date): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      await tx.insert(storedFiles).values(file);
      const inserted = await tx
        .insert(fleetPersonPhotos)
        .values({ ...person, fileId: file.id, updated: now })
        .onConflictDoNothing()
        .returning({ fileId: fleetPersonPhotos.fileId });
      if (inserted.length > 0) return null;
      const [before] = await tx
        .select({ fileId: fleetPersonPhotos.fileId })
        .from(fleetPersonPhotos)
        .where(personWhere(person))
        .for('update');
      await tx.update(fleetPersonPhotos).set({ fileId: file.id, updated: now }).where(personWhere(person));
      return before?.fileId ?? null;
    });
  }

  /** Detaches the person's photo; returns its file id (null when there was none). */
  async detachPhoto(person: FleetPerson): Promise<string | null> {
    const rows = await this.db
      .delete(fleetPersonPhotos)
      .where(personWhere(person))
      .returning({ fileId: fleetPersonPhotos.fileId });
    return rows[0]?.fileId ?? null;
  }

  /** Deletes a driver-photo file row no person points at any more; returns its storage key. */
  async deleteUnreferencedPhoto(id: string): Promise<string | null> {
    const rows = await this.db
      .delete(storedFiles)
      .where(
        and(
          eq(storedFiles.id, id),
          eq(storedFiles.purpose, DRIVER_PHOTO_PURPOSE),
          sql`not exists (select 1 from ${fleetPersonPhotos} where ${fleetPersonPhotos.fileId} = ${storedFiles.id})`,
        ),
      )
      .returning({ storageKey: storedFiles.storageKey });
    return rows[0]?.storageKey ?? null;
  }
}
