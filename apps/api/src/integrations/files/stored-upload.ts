import { randomUUID } from 'node:crypto';
import type { storedFiles } from '../../db/schema.ts';
import { CONTENT_TYPES, type StoredKind } from './file-content.ts';
import { storageKeyFor, type FileStorage } from './file-storage.ts';

/** A stored_files row as an upload writes it. */
export type NewStoredFile = typeof storedFiles.$inferInsert & { created: Date };

/** Where an upload's files live, and how a replaced one is let go. */
export interface StoredFileOwner {
  storage: FileStorage;
  /** Deletes the stored_files row when nothing points at it any more; answers its storage key, or null. */
  deleteUnreferenced: (fileId: string) => Promise<string | null>;
  log?: { warn(obj: object, msg: string): void } | undefined;
  /** Names the file in the log ('profile picture', 'fleet driver photo', …). */
  what: string;
}

/** Removes a replaced or detached file (row and bytes); a failure only leaves an orphan, never breaks the request. */
export async function discardStoredFile(owner: StoredFileOwner, fileId: string): Promise<void> {
  try {
    const key = await owner.deleteUnreferenced(fileId);
    if (key) await owner.storage.delete(key);
  } catch (err) {
    owner.log?.warn({ err, fileId }, `could not remove a replaced ${owner.what}`);
  }
}

/**
 * Stores the bytes under a generated name, then `attach` records the stored_files row and points its owner at
 * it (one transaction, answering the id of the file it replaced). If that fails the bytes are removed again;
 * the replaced file is discarded. Answers the stored row.
 */
export async function storeReplacing(
  owner: StoredFileOwner,
  file: { bytes: Buffer; kind: StoredKind; ownerUserId: number; purpose: string; now: Date },
  attach: (row: NewStoredFile) => Promise<string | null>,
): Promise<NewStoredFile> {
  const id = randomUUID();
  const key = storageKeyFor(id, file.kind);
  const contentType = CONTENT_TYPES[file.kind];
  await owner.storage.put(key, file.bytes, contentType);
  const row: NewStoredFile = {
    id,
    ownerUserId: file.ownerUserId,
    purpose: file.purpose,
    contentType,
    extension: file.kind,
    size: file.bytes.length,
    storageKey: key,
    created: file.now,
  };
  let previous: string | null;
  try {
    previous = await attach(row);
  } catch (err) {
    await owner.storage.delete(key).catch(() => undefined);
    throw err;
  }
  if (previous) await discardStoredFile(owner, previous);
  return row;
}
