import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rssOf, startCompiledApi } from '../server-process.ts';

const MB = 1024 * 1024;
const SETTLE_SAMPLES = 10;

/** The highest VmRSS over 10 samples a second apart, once the server answers /api/health. */
async function settledRssMb(pid: number): Promise<number> {
  let highest = 0;
  for (let i = 0; i < SETTLE_SAMPLES; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    highest = Math.max(highest, await rssOf(pid));
  }
  return Math.round(highest / MB);
}

/**
 * The idle memory of `npm start` on the embedded database: the compiled API on a new PGlite data directory
 * (initdb, migrations and the reference seed on this first start), then restarted on the same directory.
 */
export async function serverIdleRss(): Promise<{ first_start_rss_mb: number; restart_rss_mb: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'togo-bench-idle-'));
  const env = {
    NODE_ENV: 'development',
    DATA_DIR: dir,
    WEB_DIST_DIR: path.join(dir, 'no-web-build'),
    APP_SECRET: 'bench-secret-'.padEnd(40, 'x'),
  };
  try {
    const measure = async () => {
      const server = await startCompiledApi('bench-idle', env);
      try {
        return await settledRssMb(server.pid);
      } finally {
        await server.stop();
      }
    };
    const first = await measure();
    const restart = await measure();
    return { first_start_rss_mb: first, restart_rss_mb: restart };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
