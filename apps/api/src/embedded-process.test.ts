import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startApiProcess } from './test/api-process.ts';

describe('npm start with no DATABASE_URL (the embedded database in its worker)', () => {
  it('migrates, seeds, serves, and stops cleanly, leaving no socket behind', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'togo-embedded-api-'));
    const sockets = path.join(dir, 'tmp');
    await mkdir(sockets);
    try {
      // TMPDIR: where the worker's private socket directory is made, so this test can see it come and go.
      const api = await startApiProcess(
        'embedded',
        { DATA_DIR: path.join(dir, 'data'), TMPDIR: sockets },
        { timeoutMs: 240_000 },
      );
      try {
        const health = await fetch(`${api.url}/api/health`);
        expect(await health.json()).toEqual({ status: 'ok', db: 'pglite' });
        expect((await readdir(sockets)).filter((name) => name.startsWith('togo-db-'))).toHaveLength(1);
        // A signed-out driver's read goes through the worker and answers as usual.
        const anonymous = await fetch(`${api.url}/api/togo/pico-placa/`);
        expect(anonymous.status).toBe(401);
      } finally {
        expect(await api.stop()).toBe('0');
      }
      expect((await readdir(sockets)).filter((name) => name.startsWith('togo-db-'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
