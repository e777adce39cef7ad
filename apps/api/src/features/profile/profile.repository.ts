import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storedFiles, users } from '../../db/schema.ts';
import type { NewStoredFile } from '../../integrations/files/stored-upload.ts';

/** SQL of the profile feature: the user's uploaded picture (users.profile_picture_file_id → stored_files). */
export class ProfileRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores the file row and points the user at it, in one transaction with the user row locked, so two
   * uploads at once leave exactly one attached picture. Returns the replaced picture's id, if any.
   */
  async insertPictureAndAttach(file: NewStoredFile, userId: number, now: Date): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ fileId: users.profilePictureFileId })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      await tx.insert(storedFiles).values(file);
      await tx.update(users).set({ profilePictureFileId: file.id, updated: now }).where(eq(users.id, userId));
      return before?.fileId ?? null;
    });
  }

  /** Deletes a profile-picture file row no user points at any more; returns its storage key. */
  async deleteUnreferencedPicture(id: string): Promise<string | null> {
    const rows = await this.db
      .delete(storedFiles)
      .where(
        and(
          eq(storedFiles.id, id),
          eq(storedFiles.purpose, 'profile-picture'),
          sql`not exists (select 1 from ${users} where ${users.profilePictureFileId} = ${storedFiles.id})`,
        ),
      )
      .returning({ storageKey: storedFiles.storageKey });
    return rows[0]?.storageKey ?? null;
  }
}
