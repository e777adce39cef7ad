import { AppError } from '../../http/app-error.ts';
import type { FileStorage } from './file-storage.ts';

/** What a user is told when the file store refuses (issue 40: a full disk, an S3 bucket refusing or down). */
export const STORAGE_MSG = {
  write:
    'No pudimos guardar el archivo en este momento. No se cambió nada; intenta de nuevo en unos minutos.',
  read: 'No pudimos leer el archivo en este momento. Intenta de nuevo en unos minutos.',
} as const;

/** Seconds a client is asked to wait before trying again. */
export const STORAGE_RETRY_AFTER_SECONDS = 60;

interface WarnLog {
  warn(obj: object, msg: string): void;
}

/** Keys the app did not generate are a programming error, not the store's: they keep their own error. */
function isKeyError(err: unknown): boolean {
  return err instanceof Error && err.message.startsWith('invalid storage key');
}

/**
 * Any file store, with its failures told as they are (docs/decisions/128): a write the store refuses (no space
 * left, permission, S3's AccessDenied or SlowDown, no connection) becomes a 503 in Spanish with Retry-After, and
 * the log keeps the store's own error. Callers write the bytes before any row (`storeReplacing`, the fleet upload,
 * the console's images), so a refused write changes nothing.
 */
export class GuardedStorage implements FileStorage {
  readonly name: string;

  constructor(
    private readonly inner: FileStorage,
    private readonly log?: WarnLog,
  ) {
    this.name = inner.name;
  }

  private refused(err: unknown, op: 'put' | 'get' | 'delete', key: string): never {
    if (isKeyError(err)) throw err;
    this.log?.warn({ err, store: this.name, op, key }, 'file store refused');
    throw new AppError(503, op === 'get' ? STORAGE_MSG.read : STORAGE_MSG.write, {
      'Retry-After': String(STORAGE_RETRY_AFTER_SECONDS),
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    try {
      await this.inner.put(key, bytes, contentType);
    } catch (err) {
      this.refused(err, 'put', key);
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await this.inner.get(key);
    } catch (err) {
      this.refused(err, 'get', key);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.inner.delete(key);
    } catch (err) {
      this.refused(err, 'delete', key);
    }
  }
}
