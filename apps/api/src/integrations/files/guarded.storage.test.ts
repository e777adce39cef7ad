import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import type { FileStorage } from './file-storage.ts';
import { GuardedStorage, STORAGE_MSG } from './guarded.storage.ts';
import { LocalDiskStorage } from './local-disk.storage.ts';
import { rejectionOf } from '../../test/rejection.ts';

const KEY = 'ab/ab12cd34-0000-4000-8000-000000000001.pdf';
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

/** A store whose every call fails with `error`, counting the calls. */
function refusing(error: () => Error): FileStorage & { calls: number } {
  return {
    name: 'local',
    calls: 0,
    async put() {
      this.calls++;
      throw error();
    },
    async get() {
      this.calls++;
      throw error();
    },
    async delete() {
      this.calls++;
      throw error();
    },
  };
}

const appErrorOf = (p: Promise<unknown>) => rejectionOf(p, AppError);

describe('GuardedStorage', () => {
  it('tells a refused write (a full disk) as a 503 in Spanish with Retry-After, and logs the store’s error', async () => {
    const warnings: object[] = [];
    const store = new GuardedStorage(refusing(enospc), { warn: (obj) => warnings.push(obj) });
    const err = await appErrorOf(store.put(KEY, Buffer.from('x'), 'application/pdf'));
    expect(err.status).toBe(503);
    expect(err.body).toEqual({ detail: STORAGE_MSG.write });
    expect(err.headers['Retry-After']).toBe('60');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ store: 'local', op: 'put', key: KEY });
  });

  it('tells a refused read with its own message, and a refused delete as a write', async () => {
    const store = new GuardedStorage(refusing(() => new Error('SlowDown')));
    expect((await appErrorOf(store.get(KEY))).body).toEqual({ detail: STORAGE_MSG.read });
    expect((await appErrorOf(store.delete(KEY))).body).toEqual({ detail: STORAGE_MSG.write });
  });

  it('keeps a key the app did not generate as the programming error it is', async () => {
    const store = new GuardedStorage(new LocalDiskStorage(tmpdir()));
    await expect(store.get('../etc/passwd')).rejects.toThrow(/^invalid storage key/);
  });

  it('passes answers through: the bytes, and null for a missing file', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'togo-guarded-'));
    try {
      const store = new GuardedStorage(new LocalDiskStorage(root));
      await store.put(KEY, Buffer.from('%PDF'), 'application/pdf');
      expect((await store.get(KEY))?.toString()).toBe('%PDF');
      await store.delete(KEY);
      expect(await store.get(KEY)).toBeNull();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('LocalDiskStorage when a write fails', () => {
  let root: string | null = null;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
    root = null;
  });

  it('leaves no temporary file behind', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'togo-disk-'));
    // The target name is taken by a non-empty folder: the bytes are written, the final rename fails.
    await mkdir(path.join(root, KEY), { recursive: true });
    await writeFile(path.join(root, KEY, 'x'), 'x');
    await expect(new LocalDiskStorage(root).put(KEY, Buffer.from('%PDF'))).rejects.toThrow();
    expect((await readdir(path.join(root, 'ab'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
